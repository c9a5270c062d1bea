import type { AnyStateMachine } from 'xstate';

/**
 * Every machine definition of the project, found by file name: each `machines/**\/*.machine.ts`
 * and `common/machines/*.machine.ts` (the server's, e.g. a call's life)
 * and every state machine it exports, keyed by machine id. Loaded through Vite (vitest, or
 * scripts/statecharts/viteImport.ts), which compiles the Lingui macros the machines use.
 */
const modules = import.meta.glob<Record<string, unknown>>(['../../machines/**/*.machine.ts', '../../common/machines/*.machine.ts'], { eager: true });

export interface CatalogEntry {
  machine: AnyStateMachine;
  /** The module the machine is exported from, relative to the project root. */
  file: string;
  exportName: string;
}

function isStateMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'getInitialSnapshot' in value;
}

export function machineCatalog(): CatalogEntry[] {
  const entries = Object.entries(modules).flatMap(([path, exports]) => {
    const file = path.replace(/^(\.\.\/)+/, '');
    const machines = Object.entries(exports).filter((entry): entry is [string, AnyStateMachine] => isStateMachine(entry[1]));
    if (!machines.length) throw new Error(`${file} exports no state machine`);
    return machines.map(([exportName, machine]) => ({ machine, file, exportName }));
  });
  const ids = entries.map((entry) => entry.machine.id);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw new Error(`Two machines have the id "${duplicate}": docs and coverage are keyed by it`);
  return entries.sort((a, b) => a.machine.id.localeCompare(b.machine.id));
}
