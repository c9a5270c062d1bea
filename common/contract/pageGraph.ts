// What JavaScript each page of the SPA loads, read from the Vite manifest (build.manifest): the
// build report and its budgets (scripts/bundles/buildReport.ts) and the server's module preloads
// of each screen (server/http/routePreloads.ts) read it alike. A page loads the entry (index.html's script)
// with its static imports (modulepreloaded), the language catalog, and the `component` chunk of
// every route file on its path (TanStack Router's autoCodeSplitting) with their static imports.

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export interface Page {
  /** The URL pattern, e.g. /auth/login or /widgets/manage/general/{-$id}. */
  path: string;
  /** True for the screens behind sign-in (the `_app` layout). */
  signedIn: boolean;
  /** Every chunk the page loads (file names under the build directory). */
  files: string[];
  /** The chunks the screen adds to the shell (entry and outermost layout): its route chunks and their imports. */
  ownFiles: string[];
  /** Chunks the page's own code may import later (import()), e.g. Stripe.js's loader on billing. */
  lazyFiles: string[];
}

const ROUTES = 'src/routes/';
const COMPONENT_SPLIT = '?tsr-split=component';
/** The catalog of the default language (src/i18n/activate.ts loads it before the first render). */
const DEFAULT_CATALOG = 'src/locales/en/messages.po';

/**
 * The chunks of the manifest keys and all they import statically (and dynamically, if asked), as
 * file names; chunks in `known` are neither added nor walked.
 */
export function closure(manifest: Manifest, keys: string[], { dynamic = false, known = new Set<string>() } = {}): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`build manifest has no chunk ${key}`);
    if (known.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
    if (dynamic) for (const imported of chunk.dynamicImports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** Route files (relative to src/routes, without `.tsx`) whose component chunk the build has. */
function routeFiles(manifest: Manifest): string[] {
  return Object.keys(manifest)
    .filter((key) => key.startsWith(ROUTES) && key.endsWith(COMPONENT_SPLIT))
    .map((key) => key.slice(ROUTES.length, -COMPONENT_SPLIT.length).replace(/\.tsx$/, ''));
}

/** TanStack's file convention: `a/b/c` is nested in `a/b` (or `a/b/route`) and `a` (or `a/route`). */
function layoutsOf(route: string, routes: Set<string>): string[] {
  const parts = route.replace(/\/route$/, '').split('/');
  const layouts: string[] = [];
  for (let depth = 1; depth < parts.length; depth++) {
    const dir = parts.slice(0, depth).join('/');
    for (const candidate of [dir, `${dir}/route`]) if (routes.has(candidate)) layouts.push(candidate);
  }
  return layouts;
}

/** The URL of a route file: pathless `_layout` segments and `index`/`route` files drop out. */
function urlOf(route: string): string {
  const segments = route
    .split('/')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index' && segment !== 'route')
    .flatMap((segment) => segment.split('.'));
  return `/${segments.join('/')}`;
}

const componentKey = (route: string) => `${ROUTES}${route}.tsx${COMPONENT_SPLIT}`;

/**
 * Modules a screen's first render imports (its route's loader, then React's `use`) rather than its route chunk: the widget
 * wizard's step forms, each in a chunk of its own so that one step does not load another's, and the
 * default language's catalog of a screen that has one (lingui.config.ts, SCREEN_CATALOGS). They
 * count as the page's own files, so the server preloads them with the route (routePreloads.ts)
 * instead of the screen asking for them only once its route has run (issue 17).
 */
const WIZARD_CATALOG = 'src/locales/en/widgetWizard.po';
const FIRST_RENDER_IMPORTS: Record<string, string[]> = {
  '_app/widgets/manage/general/{-$id}': ['src/features/widgetWizard/general/GeneralStep.tsx', WIZARD_CATALOG],
  '_app/widgets/manage/design/{-$id}': ['src/features/widgetWizard/design/DesignStep.tsx', WIZARD_CATALOG],
  '_app/widgets/manage/code/{-$id}': [WIZARD_CATALOG],
  '_app/integrations': ['src/locales/en/integrations.po'],
  '_app/dashboard': ['src/locales/en/analytics.po'],
};

/** One page per leaf route (a route no other route is nested in). */
export function pagesOf(manifest: Manifest): Page[] {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('build manifest has no entry chunk');
  const shell = closure(manifest, [entryKey, DEFAULT_CATALOG]);
  const routes = routeFiles(manifest);
  const routeSet = new Set(routes);
  const layoutSet = new Set(routes.flatMap((route) => layoutsOf(route, routeSet)));
  return routes
    .filter((route) => !layoutSet.has(route))
    .map((route) => {
      const layouts = layoutsOf(route, routeSet);
      const files = new Set([...shell, ...closure(manifest, [...[...layouts, route].map(componentKey), ...(FIRST_RENDER_IMPORTS[route] ?? [])])]);
      // The outermost layout (the signed-in shell, the /auth frame) is shared by its screens.
      const frame = closure(manifest, layouts.slice(0, 1).map(componentKey));
      // What the page's own chunks import() later; the shell's import()s are the other routes.
      const lazy = closure(manifest, [...layouts, route].map(componentKey), { dynamic: true, known: shell });
      return {
        path: urlOf(route),
        signedIn: route.startsWith('_app/'),
        files: [...files].sort(),
        ownFiles: [...files].filter((file) => !shell.has(file) && !frame.has(file)).sort(),
        lazyFiles: [...lazy].filter((file) => !files.has(file)).sort(),
      };
    })
    .sort((a, b) => a.path.localeCompare(b.path));
}
