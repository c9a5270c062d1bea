// `npm run test:unit` (all unit tests) and `npm run test:paths` (those under machines/): runs the
// unit tests with PATH_COVERAGE_DIR set, so each coverage check of a machine's generated path
// tests records what its paths reached (machines/test/coverageRecord.ts); then, when the run
// included machines/, prints per machine the states and transitions covered out of the
// definition's total. Fails when a test fails, when a machine has no path tests, or when any
// machine is below 100%.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CoverageRecord } from '../machines/test/coverageRecord.ts';
import { coverageDirVariable } from '../machines/test/coverageRecord.ts';
import { importWithVite } from './statecharts/viteImport.ts';
import type * as Catalog from './statecharts/catalog.ts';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'path-coverage-'));

// Test file filters may be given (`npm run test:paths -- machines/login`); the report still
// lists every machine, so the run then fails for the machines left out. A run of other tests
// only (`npm run test:unit -- src/ui`) prints no report.
const filters = process.argv.slice(2);
const coversMachines = filters.length === 0 || filters.some((filter) => filter.startsWith('machines'));
const vitest = spawnSync(process.execPath, [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'unit', ...filters], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, [coverageDirVariable]: dir },
});

/** Reached and never-reached state ids or transition labels of one machine's definition. */
class Tally {
  readonly covered = new Set<string>();
  readonly all = new Set<string>();
  add({ covered, missing }: { covered: string[]; missing: string[] }) {
    covered.forEach((item) => this.covered.add(item));
    [...covered, ...missing].forEach((item) => this.all.add(item));
  }
  get missing() {
    return [...this.all].filter((item) => !this.covered.has(item));
  }
  toString() {
    return `${this.covered.size}/${this.all.size} (${this.all.size ? Math.floor((this.covered.size / this.all.size) * 100) : 100}%)`;
  }
}

// A machine may be checked more than once (per input, per starting point): what any check
// reached counts.
const byMachine = new Map<string, { states: Tally; transitions: Tally }>();
for (const name of readdirSync(dir)) {
  const record = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CoverageRecord;
  const tallies = byMachine.get(record.machine) ?? { states: new Tally(), transitions: new Tally() };
  tallies.states.add(record.states);
  tallies.transitions.add(record.transitions);
  byMachine.set(record.machine, tallies);
}
rmSync(dir, { recursive: true, force: true });
if (!coversMachines) process.exit(vitest.status ?? 1);

const { machineCatalog } = await importWithVite<typeof Catalog>('scripts/statecharts/catalog.ts');
const rows = machineCatalog().map(({ machine, file }) => {
  const tallies = byMachine.get(machine.id);
  if (!tallies) return { machine: machine.id, file, states: 'no path tests', transitions: '', missing: ['(no coverage check ran)'] };
  const missing = [...tallies.states.missing, ...tallies.transitions.missing];
  return { machine: machine.id, file, states: String(tallies.states), transitions: String(tallies.transitions), missing };
});

const width = (key: 'machine' | 'states') => Math.max(key.length, ...rows.map((row) => row[key].length));
console.log(`\nGenerated path coverage per machine\n`);
console.log(`${'machine'.padEnd(width('machine'))}  ${'states'.padEnd(width('states'))}  transitions`);
for (const row of rows) {
  console.log(`${row.machine.padEnd(width('machine'))}  ${row.states.padEnd(width('states'))}  ${row.transitions}${row.missing.length ? '  ← incomplete' : ''}`);
}
const incomplete = rows.filter((row) => row.missing.length);
for (const row of incomplete) {
  console.error(`test:paths: ${row.machine} (${row.file}) is not fully covered by generated path tests; missing: ${row.missing.join(', ')}`);
}
if (vitest.status !== 0) console.error('test:paths: the machine tests failed');
process.exit(vitest.status === 0 && incomplete.length === 0 ? 0 : 1);
