// Bundle budgets of the built web app (issue 8), checked from the build alone, without a browser:
// - first load of /login (login.html) and of the calculator (calculator.html) <= 150 kB gzip of JavaScript;
// - each console screen (every lazy route module under src/app/ops/) <= 200 kB: what opening it adds to the app entry;
// - maps, charts, PDF and spreadsheet code only in chunks that the screens using them load, never in an entry.
// kB = 1,000 bytes, as in bench/page-js-weight.mjs and the e2e budgets (e2e/support/script-weight.ts measures the same
// pages in Chromium). Sizes are the sum of each file's gzip size (node:zlib, default level), JavaScript only.
//
// Reads apps/web/dist/.vite/manifest.json (build.manifest) and .vite/chunk-modules.json (the modules in each file,
// written by a small plugin in apps/web/vite.config.ts). "Static closure" = a chunk and everything it imports
// statically (manifest `imports`, not `dynamicImports`): what the browser loads before the code runs.
//
// Usage: npm run build -w apps/web && node scripts/check-bundles.mjs [distDir]
// npm test runs it after the e2e step's build (scripts/test-all.mjs); npm run bench reports the sizes (bench/bundle-budgets.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const KB = 1000;
export const ENTRY_BUDGET = 150 * KB;
export const CONSOLE_ROUTE_BUDGET = 200 * KB;
export const DEFAULT_DIST = fileURLToPath(new URL('../apps/web/dist', import.meta.url));

/**
 * The pages with a budget of their own: the HTML entry the server sends for each path (apps/server/src/plugins/web.ts),
 * and the route modules the app (index.html) would load for the same path (the comparison in bench/bundle-budgets.ts).
 */
export const ENTRY_BUDGETS = [
  {
    entry: 'login.html',
    name: 'first load /login (login.html)',
    budget: ENTRY_BUDGET,
    appRoutes: ['src/app/login/login-route.tsx'],
  },
  {
    entry: 'calculator.html',
    name: 'first load /public/salescalculator (calculator.html)',
    budget: ENTRY_BUDGET,
    appRoutes: ['src/app/public/public-layout.tsx', 'src/app/public/calculator-route.tsx'],
  },
];

/**
 * Heavy libraries and the screens allowed to load them (route modules, as `src/...` paths of apps/web). `packages` are
 * matched against the module ids in each chunk (`node_modules/<package>/`). An empty `screens` means: nowhere in the
 * web bundle (PDF and spreadsheets are built by the server: apps/server/src/documents/).
 */
export const PLACEMENT_RULES = [
  {
    name: 'maps',
    packages: ['maplibre-gl', '@vis.gl/react-maplibre'],
    screens: ['src/app/ops/network-route.tsx', 'src/app/public/public-network-route.tsx'],
    // Started by those screens' route loaders as their address is matched, alongside the screen's code
    // (features/network-map/lib/load-map-early.ts): opening the screen, not loading the app.
    early: ['src/features/network-map/components/map-canvas.tsx'],
  },
  {
    name: 'charts',
    packages: ['recharts', '@mantine/charts'],
    // `/` is the client dashboard for clients (client-home-route renders ClientDashboardRoute).
    screens: [
      'src/app/ops/dashboard-route.tsx',
      'src/app/client/client-dashboard-route.tsx',
      'src/app/client/client-home-route.tsx',
    ],
  },
  { name: 'PDF', packages: ['@react-pdf/'], screens: [] },
  { name: 'spreadsheets', packages: ['exceljs', 'xlsx'], screens: [] },
];

/**
 * Pages that import Mantine's styles per component instead of the whole @mantine/core/styles.css: each Mantine
 * component in the page's first load (`dynamic`: or in anything it can load later) must have its stylesheet imported
 * by the page's stylesheet.
 */
export const PAGE_STYLESHEETS = [
  { entry: 'login.html', stylesheet: 'src/lib/styles/login-page.css' },
  { entry: 'calculator.html', stylesheet: 'src/lib/styles/calculator-page.css' },
  // The app's one stylesheet serves every screen, so: every component any of its lazy screens can load.
  { entry: 'index.html', stylesheet: 'src/lib/styles/app.css', dynamic: true },
];
const WEB_ROOT = fileURLToPath(new URL('../apps/web/', import.meta.url));
const MANTINE_STYLES = fileURLToPath(new URL('../node_modules/@mantine/core/styles/', import.meta.url));

const APP_ENTRY = 'index.html';
const ENTRIES = ['index.html', 'login.html', 'calculator.html'];
/**
 * The module each standalone entry imports as soon as its pre-rendered page has painted (src/lib/after-first-paint.ts):
 * loaded on every visit without anyone doing anything, so it counts as first load.
 */
const PAGE_MODULES = { 'login.html': 'src/login-page.tsx', 'calculator.html': 'src/calculator-page.tsx' };

function readJson(file) {
  if (!existsSync(file)) throw new Error(`${file} is missing: build the web app first (npm run build -w apps/web)`);
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Every key reachable from `keys` through `imports` (and `dynamicImports` when asked), the keys themselves included. */
export function closure(manifest, keys, { dynamic = false, stopAt = new Set() } = {}) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    if (stopAt.has(key)) continue;
    stack.push(...(manifest[key].imports ?? []));
    if (dynamic) stack.push(...(manifest[key].dynamicImports ?? []));
  }
  return seen;
}

/** The built app: its manifest, the modules in each file, and gzip sizes (each file read and compressed once). */
export function readBuild(distDir = DEFAULT_DIST) {
  const manifest = readJson(join(distDir, '.vite/manifest.json'));
  const modulesByFile = readJson(join(distDir, '.vite/chunk-modules.json'));
  for (const entry of ENTRIES) if (!manifest[entry]) throw new Error(`the manifest has no ${entry} entry`);
  if (!Object.values(modulesByFile).some((ids) => ids.some((id) => id.includes('node_modules/react-dom/')))) {
    throw new Error('chunk-modules.json lists no react-dom module: cannot tell which files hold which libraries');
  }
  const gzipCache = new Map();
  const gzipOf = (file) => {
    if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(distDir, file))).length);
    return gzipCache.get(file);
  };
  const jsFiles = (keys) => [...new Set([...keys].map((k) => manifest[k].file).filter((f) => /\.m?js$/.test(f)))];
  const bytes = (keys) => jsFiles(keys).reduce((sum, file) => sum + gzipOf(file), 0);
  const staticClosure = (key) => closure(manifest, [key]);
  /** What a visit to the entry loads with no one doing anything: its static closure and its page module's. */
  const firstLoad = (entry) => {
    const page = PAGE_MODULES[entry];
    if (page && !manifest[page]) throw new Error(`the manifest has no ${page}: ${entry} no longer loads it?`);
    return page ? closure(manifest, [entry, page]) : staticClosure(entry);
  };
  return { distDir, manifest, modulesByFile, jsFiles, bytes, staticClosure, firstLoad };
}

/** A chunk's name for people: its source module, or the app module it carries when the manifest key is a shared chunk. */
function label(build, key) {
  const entry = build.manifest[key];
  if (entry.src && !entry.src.startsWith('../')) return entry.src;
  const appModule = (build.modulesByFile[entry.file] ?? []).find((id) =>
    /^apps\/web\/src\/app\/.*-(route|layout)\.tsx$/.test(id),
  );
  return appModule ? appModule.replace(/^apps\/web\//, '') : (entry.src ?? key);
}

/** Route modules: what the app's router loads lazily (the app entry's dynamic imports that carry an src/app/ module). */
export function routeModules(build) {
  return (build.manifest[APP_ENTRY].dynamicImports ?? [])
    .map((key) => ({ key, src: label(build, key) }))
    .filter((r) => r.src.startsWith('src/app/'));
}

const kB = (bytes) => `${(bytes / KB).toFixed(1)} kB`;

function sizeResult(build, name, keys, budget, note) {
  const bytes = build.bytes(keys);
  const files = build.jsFiles(keys).length;
  return { name, ok: bytes <= budget, bytes, budget, detail: `${files} files${note ? `; ${note}` : ''}` };
}

function placementResults(build) {
  const { manifest, modulesByFile } = build;
  const routes = routeModules(build);
  const routeKeys = new Set(routes.map((r) => r.key));
  const appStatic = build.staticClosure(APP_ENTRY);
  // What an entry can load without a screen being opened: imports and dynamic imports, stopping at route modules and
  // at the chunks a screen's loader starts (`early`), which are not counted either.
  const withoutScreen = (entry, early) =>
    [...closure(manifest, [entry], { dynamic: true, stopAt: new Set([...routeKeys, ...early]) })].filter(
      (k) => !early.includes(k),
    );
  // What opening each screen can load: imports and dynamic imports, not through the app entry's own (already loaded) files.
  const byScreen = routes.map((r) => ({
    ...r,
    reach: closure(manifest, [r.key], { dynamic: true, stopAt: appStatic }),
  }));

  return PLACEMENT_RULES.map((rule) => {
    // JavaScript modules of the rule's packages (`@scope/` matches the whole scope); CSS is not JavaScript.
    const markers = rule.packages.map((p) => `node_modules/${p}${p.endsWith('/') ? '' : '/'}`);
    const holds = (ids) => ids.some((id) => !id.endsWith('.css') && markers.some((m) => id.includes(m)));
    const keys = Object.keys(manifest).filter((k) => holds(modulesByFile[manifest[k].file] ?? []));
    const name = `${rule.name} only where used (${rule.packages.join(', ')})`;
    const bytes = build.bytes(keys);
    const budget = null;
    if (keys.length === 0) return { name, ok: true, bytes, budget, violations: 0, detail: 'not in the web bundle' };
    const files = build.jsFiles(keys).map((f) => f.replace(/^assets\//, ''));
    const problems = [];
    const early = rule.early ?? [];
    for (const key of early) if (!manifest[key]) problems.push(`${key} (early) is no chunk of the build`);
    for (const entry of ENTRIES) {
      if (keys.some((k) => build.firstLoad(entry).has(k))) problems.push(`in the first load of ${entry}`);
      else if (withoutScreen(entry, early).some((k) => keys.includes(k)))
        problems.push(`loadable by ${entry} without opening a screen`);
    }
    const users = byScreen.filter((s) => keys.some((k) => s.reach.has(k))).map((s) => s.src);
    for (const src of users) if (!rule.screens.includes(src)) problems.push(`loaded by ${src}`);
    const where = `${files.join(', ')} (${kB(bytes)}), loaded by ${users.join(', ') || 'no screen'}`;
    return {
      name,
      ok: problems.length === 0,
      bytes,
      budget,
      violations: problems.length,
      detail: problems.length ? `${problems.join('; ')} — ${where}` : where,
    };
  });
}

function stylesheetResults(build) {
  return PAGE_STYLESHEETS.map(({ entry, stylesheet, dynamic = false }) => {
    const keys = dynamic ? closure(build.manifest, [entry], { dynamic }) : build.firstLoad(entry);
    const ids = [...keys].flatMap((k) => build.modulesByFile[build.manifest[k].file] ?? []);
    // Each stylesheet of Mantine's has a CSS-module class map, <Name>.module.mjs, in the bundle where it is used.
    const components = new Set(
      ids.map((id) => /@mantine\/core\/esm\/.*\/([A-Za-z]+)\.module\.mjs$/.exec(id)?.[1]).filter(Boolean),
    );
    const imported = new Set(
      [
        ...readFileSync(join(WEB_ROOT, stylesheet), 'utf8').matchAll(
          /@mantine\/core\/styles\/([A-Za-z-]+)(?:\.layer)?\.css/g,
        ),
      ].map((m) => m[1]),
    );
    const missing = [...components].filter((c) => existsSync(join(MANTINE_STYLES, `${c}.css`)) && !imported.has(c));
    const name = `${entry} imports the styles of each Mantine component it renders`;
    const detail = missing.length
      ? `${stylesheet} lacks ${missing.map((c) => `@mantine/core/styles/${c}.layer.css`).join(', ')}`
      : `${components.size} components, ${imported.size} stylesheets in ${stylesheet}`;
    return { name, ok: missing.length === 0, bytes: 0, budget: null, violations: missing.length, detail };
  });
}

/**
 * No two chunks import each other, directly or round a loop. In a loop one chunk runs before the other has defined
 * what it exports, and a screen renders `undefined` (React error #130): the transcripts screen did, in two loaded CI
 * runs, while the `ui` chunk imported react-number-format from the transcripts route's chunk.
 */
export function chunkCycles(manifest) {
  const cycles = [];
  const done = new Set();
  const path = [];
  const visit = (key) => {
    if (done.has(key)) return;
    const at = path.indexOf(key);
    if (at >= 0) {
      cycles.push([...path.slice(at), key].map((k) => manifest[k].file).join(' -> '));
      return;
    }
    path.push(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
    path.pop();
    done.add(key);
  };
  for (const key of Object.keys(manifest)) visit(key);
  return cycles;
}

function cycleResult(build) {
  const cycles = chunkCycles(build.manifest);
  const detail = cycles.length ? cycles.join('; ') : `${Object.keys(build.manifest).length} chunks, none in a loop`;
  return { name: 'no chunk imports itself round a loop', ok: cycles.length === 0, bytes: 0, budget: null, detail };
}

/**
 * Every budget and placement rule against the build in `distDir`.
 * @returns {{ name: string, ok: boolean, bytes: number, budget: number | null, detail: string, kind: string }[]}
 */
export function checkBundles(distDir = DEFAULT_DIST) {
  const build = readBuild(distDir);
  const appStatic = build.staticClosure(APP_ENTRY);
  const results = [];
  for (const { entry, name, budget, appRoutes } of ENTRY_BUDGETS) {
    results.push({ kind: 'entry', entry, appRoutes, ...sizeResult(build, name, build.firstLoad(entry), budget) });
  }
  for (const route of routeModules(build).filter((r) => r.src.startsWith('src/app/ops/'))) {
    const adds = [...build.staticClosure(route.key)].filter((k) => !appStatic.has(k));
    results.push({
      kind: 'console route',
      src: route.src,
      ...sizeResult(
        build,
        `console route ${route.src.replace(/^src\/app\/ops\//, '')}`,
        adds,
        CONSOLE_ROUTE_BUDGET,
        'beyond the index.html entry',
      ),
    });
  }
  for (const placement of placementResults(build)) results.push({ kind: 'placement', ...placement });
  for (const styles of stylesheetResults(build)) results.push({ kind: 'styles', ...styles });
  results.push({ kind: 'cycles', ...cycleResult(build) });
  return results;
}

/**
 * What a page would load inside the app (index.html) instead of its own entry: the app entry's first load plus the
 * route modules the router loads for it (e.g. src/app/login/login-route.tsx), static closures only.
 */
export function appPageBytes(distDir = DEFAULT_DIST, routeSrcs = []) {
  const build = readBuild(distDir);
  const routes = routeModules(build);
  const keys = new Set(build.staticClosure(APP_ENTRY));
  for (const src of routeSrcs) {
    const route = routes.find((r) => r.src === src);
    if (!route) throw new Error(`the app loads no route module ${src}`);
    for (const key of build.staticClosure(route.key)) keys.add(key);
  }
  return build.bytes(keys);
}

export function formatResults(results) {
  const width = Math.max(...results.map((r) => r.name.length));
  return results.map((r) => {
    const size = r.budget === null ? '' : `${kB(r.bytes).padStart(9)} / ${kB(r.budget)}  `;
    return `${(r.ok ? 'ok' : 'FAIL').padEnd(4)}  ${r.name.padEnd(width)}  ${size}${r.detail}`;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const distDir = resolve(process.argv[2] ?? DEFAULT_DIST);
  const results = checkBundles(distDir);
  console.log(`Bundle budgets (${distDir}; gzip of JavaScript, kB = 1,000 bytes)`);
  for (const line of formatResults(results)) console.log(line);
  const failed = results.filter((r) => !r.ok).length;
  console.log(failed ? `${failed} of ${results.length} failed` : `all ${results.length} met`);
  process.exit(failed ? 1 : 0);
}
