import type { Plugin } from 'vite';
import { packageOf } from './chunkPackages.ts';

// How the SPA's JavaScript is cut into files (issue 8, speed). Left to automatic chunking, every
// module shared by two lazily loaded routes became a chunk of its own: a signed-in screen loaded
// about 80 files, most of them under 2 kB. Over HTTP/1.1 (six connections per origin) each costs
// a round trip before the screen can render. Grouped, a page loads a handful of files:
//
// - `core`: everything the entry imports statically, which every page runs first;
// - `shared`: what the pages outside the shell and the signed-in screens both use (the logo, form
//   fields, notices), so that a signed-in screen does not load and run the public pages' own code
//   (their machines, built as the chunk runs: issue 17);
// - `public`: the rest of what the pages outside the shell (sign-in, registration, password reset,
//   email verification, error) share, with the packages they use;
// - `app`: the rest of what two or more route chunks share (the signed-in screens' code and
//   packages), so a signed-in screen loads core, public, app and its own route chunks;
// - the heavy packages (CONFINED_PACKAGES) and our modules that import them are left to automatic
//   chunking, which keeps them with the screens that use them (budgets.ts, CONFINED, checks that
//   nivo, react-datepicker with Floating UI, and Stripe stay there).

/** Packages that only the screens using them may load, so no group may pull them in. */
export const CONFINED_PACKAGES =
  /[\\/]node_modules[\\/](@nivo|d3-[^\\/]+|@react-spring|react-datepicker|date-fns|@floating-ui|@stripe|libphonenumber-js|dompurify)[\\/]/;
const NODE_MODULES = /[\\/]node_modules[\\/]/;
/** react-datepicker and date-fns, which only it uses (src/lib/dateTime.ts reads zones through Intl). */
const DATEPICKER = /[\\/]node_modules[\\/](react-datepicker|date-fns)[\\/]/;
/** What Zag's popper (Chakra's popovers) and react-datepicker's Floating UI for React share. */
const FLOATING_UI_DOM = /[\\/]node_modules[\\/]@floating-ui[\\/](dom|core|utils)[\\/]/;
/** The date-fns languages the pickers load on their own (src/ui/DayPickerInput.tsx); not English, which the picker imports. */
const DATE_FNS_LANGUAGE = /[\\/]node_modules[\\/]date-fns[\\/]locale[\\/](de|es|fr|ja|zh-CN)([\\/]|\.js$)/;
/** index.html and src/main.tsx: the entry chunk that index.html and the manifest name. */
const ENTRY = /([\\/]src[\\/]main\.tsx|[\\/]index\.html)$/;
/** The route files of the pages outside the shell, as TanStack Router splits their components. */
const PUBLIC_ROUTES = /[\\/]src[\\/]routes[\\/](auth[.\\/]|reset\.|verify\.|error\.)/;
/** The route files of the shell and its screens. */
const SIGNED_IN_ROUTES = /[\\/]src[\\/]routes[\\/]_app[.\\/]/;

/**
 * The groups, and the plugin that records the static imports of every module as it is parsed, for
 * the groups' tests. Whether a module brings a confined package is decided on our own modules only:
 * packages are not followed, because their imports before tree-shaking (barrels re-exporting whole
 * libraries) would mark nearly all of Chakra. What a package brings is left to the budget check:
 * Chakra's Popover, for one, needs Floating UI, so a shared module using one would pull it into
 * `app`, and tests/budgets would fail on it.
 */
export function chunkGroups() {
  const imports = new Map<string, readonly string[]>();
  /** Static and dynamic imports: a module that loads a confined package lazily keeps it to its screens too. */
  const allImports = new Map<string, readonly string[]>();
  const memo = new Map<string, boolean>();

  /** True when `id` is a confined package or one of our modules importing one, however deep. */
  function bringsConfined(id: string): boolean {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const reached = new Set<string>();
    const walk = (module: string): boolean => {
      if (CONFINED_PACKAGES.test(module)) return true;
      if (NODE_MODULES.test(module) || reached.has(module)) return false;
      const answer = memo.get(module);
      if (answer !== undefined) return answer;
      reached.add(module);
      return (allImports.get(module) ?? []).some(walk);
    };
    const result = walk(id);
    // A "no" explored everything reachable, so it holds for all of it; a "yes" only for `id`.
    if (result) memo.set(id, true);
    else for (const module of reached) memo.set(module, false);
    return result;
  }

  /** What the route files matching `routes` import: our modules, through each other, and the package files they name. */
  function reachedFrom(routes: RegExp): Set<string> {
    const reached = new Set<string>();
    const pending = [...imports.keys()].filter((module) => routes.test(module));
    while (pending.length) {
      const module = pending.pop()!;
      if (reached.has(module) || CONFINED_PACKAGES.test(module)) continue;
      reached.add(module);
      // Into a package only as far as its own files (an entry point re-exporting its parts).
      const from = packageOf(module);
      pending.push(...(imports.get(module) ?? []).filter((imported) => from === null || packageOf(imported) === from));
    }
    return reached;
  }

  let publicModules: Set<string> | null = null;
  let signedInModules: Set<string> | null = null;
  function isPublic(id: string): boolean {
    publicModules ??= reachedFrom(PUBLIC_ROUTES);
    return publicModules.has(id);
  }
  function isSignedIn(id: string): boolean {
    signedInModules ??= reachedFrom(SIGNED_IN_ROUTES);
    return signedInModules.has(id);
  }

  const plugin: Plugin = {
    name: 'chunk-groups',
    apply: 'build',
    buildStart() {
      imports.clear();
      allImports.clear();
      memo.clear();
      publicModules = null;
      signedInModules = null;
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds);
      allImports.set(info.id, [...info.importedIds, ...(info.dynamicallyImportedIds ?? [])]);
    },
  };

  const groups = [
    { name: 'core', tags: ['$initial' as const], test: (id: string) => !ENTRY.test(id), priority: 30 },
    { name: 'shared', test: (id: string) => isPublic(id) && isSignedIn(id) && !bringsConfined(id), priority: 25 },
    { name: 'public', test: (id: string) => isPublic(id) && !bringsConfined(id), priority: 20 },
    // react-datepicker with the date-fns it uses (not the languages it loads lazily): left to
    // automatic chunking, date-fns became a handful of small files beside the picker's.
    // Floating UI's DOM part apart from it, as Chakra's popovers use it too (Calls History's rows).
    { name: 'floating-ui.dom', test: (id: string) => FLOATING_UI_DOM.test(id), priority: 16 },
    { name: 'react-datepicker', test: (id: string) => DATEPICKER.test(id) && !DATE_FNS_LANGUAGE.test(id), priority: 15 },
    { name: 'app', test: (id: string) => !bringsConfined(id), minShareCount: 2, priority: 10 },
  ];

  return { plugin, groups };
}
