import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * What one coverage check of generated paths reached: state node ids and transition labels of
 * the machine's definition. `npm run test:paths` (scripts/test-paths.ts) sets PATH_COVERAGE_DIR
 * and merges the records of every check per machine; other runs record nothing.
 */
export interface CoverageRecord {
  machine: string;
  states: { covered: string[]; missing: string[] };
  transitions: { covered: string[]; missing: string[] };
}

export const coverageDirVariable = 'PATH_COVERAGE_DIR';

export function recordCoverage(record: CoverageRecord) {
  const dir = process.env[coverageDirVariable];
  if (dir) writeFileSync(join(dir, `${record.machine}-${randomUUID()}.json`), JSON.stringify(record));
}
