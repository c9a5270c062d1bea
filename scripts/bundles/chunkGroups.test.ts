import { describe, expect, it } from 'vitest';
import { chunkGroups } from './chunkGroups.ts';

const root = '/repo';
const nm = (file: string) => `${root}/node_modules/${file}`;
const src = (file: string) => `${root}/src/${file}`;

/** The groups after the plugin has seen these static imports, as Rolldown would call them. */
function groupsOf(graph: Record<string, string[]>) {
  const { plugin, groups } = chunkGroups();
  (plugin.buildStart as () => void)();
  for (const [id, importedIds] of Object.entries(graph)) (plugin.moduleParsed as (info: object) => void)({ id, importedIds });
  const test = (name: string) => groups.find((group) => group.name === name)!.test;
  return { core: test('core'), shared: test('shared'), public: test('public'), app: test('app'), groups, plugin };
}

const graph = {
  [`${root}/index.html`]: [src('main.tsx')],
  [src('main.tsx')]: [nm('react/index.js')],
  [src('routes/auth/login.tsx?tsr-split=component')]: [src('ui/TextField.tsx')],
  [src('routes/auth/registration.tsx?tsr-split=component')]: [src('ui/PhoneInput.tsx')],
  [src('ui/TextField.tsx')]: [nm('@chakra-ui/react/dist/esm/components/field/index.js')],
  [nm('@chakra-ui/react/dist/esm/components/field/index.js')]: [nm('@chakra-ui/react/dist/esm/components/field/field.js')],
  [nm('@chakra-ui/react/dist/esm/components/field/field.js')]: [nm('@ark-ui/react/dist/index.js')],
  [src('ui/PhoneInput.tsx')]: [nm('libphonenumber-js/min/index.js'), src('ui/phoneFormat.ts')],
  [src('routes/_app/calls.tsx?tsr-split=component')]: [src('ui/DateRangeFilter.tsx'), src('ui/DataTable.tsx')],
  [src('routes/_app/settings.tsx?tsr-split=component')]: [src('ui/TextField.tsx')],
  [src('ui/DateRangeFilter.tsx')]: [src('ui/dateInput.tsx')],
  [src('ui/dateInput.tsx')]: [nm('react-datepicker/dist/index.es.js')],
  [src('ui/DataTable.tsx')]: [src('ui/DataTable.tsx'), nm('@chakra-ui/react/dist/esm/components/table/index.js')],
};

describe('chunk groups', () => {
  it('keeps the entry module in the entry chunk and everything else it imports in core', () => {
    const { core, groups } = groupsOf(graph);
    expect(groups.find((group) => group.name === 'core')!.tags).toEqual(['$initial']);
    expect(core!(src('main.tsx'))).toBe(false);
    expect(core!(`${root}/index.html`)).toBe(false);
    expect(core!(nm('react/index.js'))).toBe(true);
  });

  it('leaves a confined package, and our modules that bring one however deep, to automatic chunking', () => {
    const { public: inPublic, app } = groupsOf(graph);
    for (const id of [nm('react-datepicker/dist/index.es.js'), src('ui/dateInput.tsx'), src('ui/DateRangeFilter.tsx'), src('ui/PhoneInput.tsx')]) {
      expect(app!(id), id).toBe(false);
      expect(inPublic!(id), id).toBe(false);
    }
    expect(app!(src('ui/DataTable.tsx'))).toBe(true);
  });

  it('also leaves to automatic chunking our modules that load a confined package lazily', () => {
    const { plugin, groups } = chunkGroups();
    (plugin.buildStart as () => void)();
    const parsed = plugin.moduleParsed as (info: object) => void;
    parsed({ id: src('ui/DateRangeFilter.tsx'), importedIds: [], dynamicallyImportedIds: [src('ui/DayPickerInput.tsx')] });
    parsed({ id: src('ui/DayPickerInput.tsx'), importedIds: [nm('react-datepicker/dist/index.es.js')], dynamicallyImportedIds: [] });
    parsed({ id: src('ui/Other.tsx'), importedIds: [], dynamicallyImportedIds: [] });
    const app = groups.find((group) => group.name === 'app')!.test;
    expect(app(src('ui/DateRangeFilter.tsx'))).toBe(false);
    expect(app(src('ui/Other.tsx'))).toBe(true);
  });

  it('puts in public what the public pages import, and the package files they name, not whole packages', () => {
    const { public: inPublic } = groupsOf(graph);
    expect(inPublic!(src('ui/TextField.tsx'))).toBe(true);
    expect(inPublic!(src('ui/phoneFormat.ts'))).toBe(true);
    expect(inPublic!(nm('@chakra-ui/react/dist/esm/components/field/index.js'))).toBe(true);
    expect(inPublic!(nm('@chakra-ui/react/dist/esm/components/field/field.js'))).toBe(true);
    // A barrel of another package is not followed: Rolldown brings what is really used.
    expect(inPublic!(nm('@ark-ui/react/dist/index.js'))).toBe(false);
    // A signed-in screen's modules are not public.
    expect(inPublic!(src('ui/DataTable.tsx'))).toBe(false);
  });

  it('puts in shared what both the public pages and the signed-in screens import, so a screen loads none of the public pages\' own code', () => {
    const { shared, public: inPublic } = groupsOf(graph);
    expect(shared!(src('ui/TextField.tsx'))).toBe(true);
    expect(shared!(nm('@chakra-ui/react/dist/esm/components/field/field.js'))).toBe(true);
    expect(shared!(src('ui/phoneFormat.ts'))).toBe(false);
    expect(inPublic!(src('ui/phoneFormat.ts'))).toBe(true);
    expect(shared!(src('ui/DataTable.tsx'))).toBe(false);
  });

  it('follows cycles between our modules both ways, whichever is asked first', () => {
    const cycle = {
      [src('a.ts')]: [src('b.ts')],
      [src('b.ts')]: [src('a.ts'), src('c.ts')],
      [src('c.ts')]: [nm('dompurify/dist/purify.es.mjs')],
      [src('d.ts')]: [src('e.ts')],
      [src('e.ts')]: [src('d.ts')],
    };
    for (const first of ['a.ts', 'b.ts', 'c.ts']) {
      const { app } = groupsOf(cycle);
      expect(app!(src(first)), first).toBe(false);
      expect(app!(src('a.ts'))).toBe(false);
      expect(app!(src('b.ts'))).toBe(false);
    }
    const { app } = groupsOf(cycle);
    expect(app!(src('d.ts'))).toBe(true);
    expect(app!(src('e.ts'))).toBe(true);
  });

  it('starts over on each build', () => {
    const { plugin, public: inPublic } = groupsOf(graph);
    expect(inPublic!(src('ui/TextField.tsx'))).toBe(true);
    (plugin.buildStart as () => void)();
    expect(inPublic!(src('ui/TextField.tsx'))).toBe(false);
  });
});
