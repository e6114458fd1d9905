/**
 * One chunk for the UI kit that the signed-in screens load after the app's entry (decision 0018).
 *
 * Left to itself the bundler splits Mantine, floating-ui and the icons along every combination of lazy routes that
 * shares them: the Stores screen loaded 61 files after the entry, most of 1–5 kB, and on a phone network each costs a
 * round trip. Grouped, they arrive in one file. The public map and the standalone sign-in and calculator pages have
 * budgets of their own and must not load that chunk, and a group cannot tell their modules apart by the module graph
 * alone: every app module imports @mantine/core's barrel, which reaches every component. So the build runs twice
 * (apps/web/package.json):
 *
 * 1. the survey (`vite build --mode survey`, nothing written to dist/): ordinary chunking; `surveyPublicModules`
 *    records every library module that the entries and the public map load;
 * 2. the real build: `uiChunkGroups` puts the map's libraries into one chunk and the UI kit's others into another.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Rolldown } from 'vite';

export const SURVEY_MODE = 'survey';
const SURVEY_FILE = fileURLToPath(new URL('./node_modules/.openrescue/public-modules.json', import.meta.url));

/** The UI kit: date pickers, zod, modals and toasts stay with the screens that use them. */
const UI_KIT = /node_modules[\\/](@mantine[\\/](core|hooks)|@floating-ui|@tabler[\\/]icons-react)[\\/]/;
const LIBRARY = /node_modules[\\/]/;
/**
 * The public map's route module: it, and everything it imports, keeps the ordinary chunks (its budget is 500 kB with
 * MapLibre, and nearly all of it is spent). The other public pages (reports, posters) load the `ui` chunk.
 */
const PUBLIC_MAP_ROUTE = /src[\\/]app[\\/]public[\\/]public-network-route\.tsx$/;
/** The map and the charts: heavy, on few screens, in chunks of their own. */
const HEAVY_ROOT =
  /src[\\/]features[\\/](network-map[\\/]components[\\/]map-canvas|dashboard[\\/]components[\\/]breakdown-chart)\.tsx$/;

type ModuleGraph = {
  getModuleInfo: (id: string) => { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
};

/** What the survey records: the library modules of the entries' first loads, and those the public map adds. */
interface Survey {
  initial: string[];
  map: string[];
}

/** The chunks the browser loads with `roots` before they run: each root and its static imports, all the way down. */
export function staticClosure(bundle: Rolldown.OutputBundle, roots: Iterable<string>): Rolldown.OutputChunk[] {
  const found = new Map<string, Rolldown.OutputChunk>();
  const visit = (fileName: string) => {
    const output = bundle[fileName];
    if (found.has(fileName) || output?.type !== 'chunk') return;
    found.set(fileName, output);
    output.imports.forEach(visit);
  };
  for (const root of roots) visit(root);
  return [...found.values()];
}

/** The survey's plugin: writes the library modules that the entries and the public map load. */
export function surveyPublicModules(): Plugin {
  return {
    name: 'openrescue-survey-public-modules',
    apply: (_config, env) => env.command === 'build' && env.mode === SURVEY_MODE && !env.isSsrBuild,
    generateBundle(_options, bundle) {
      const libraryModules = (isRoot: (chunk: Rolldown.OutputChunk) => boolean) => {
        const roots = Object.values(bundle)
          .filter((output) => output.type === 'chunk' && isRoot(output))
          .map((chunk) => chunk.fileName);
        return new Set(
          staticClosure(bundle, roots).flatMap((chunk) =>
            Object.keys(chunk.modules).filter((id) => id.includes('node_modules')),
          ),
        );
      };
      const initial = libraryModules((chunk) => chunk.isEntry);
      const map = [...libraryModules((chunk) => PUBLIC_MAP_ROUTE.test(chunk.facadeModuleId ?? ''))].filter(
        (id) => !initial.has(id),
      );
      const survey: Survey = { initial: [...initial].sort(), map: map.sort() };
      mkdirSync(dirname(SURVEY_FILE), { recursive: true });
      writeFileSync(SURVEY_FILE, JSON.stringify(survey));
    },
  };
}

/**
 * Whether every chain of importers up from `id` ends at a module `from` matches, passing only through modules `through`
 * matches (a chain that comes back on itself counts as ending there): which pages a module can be loaded for.
 */
function importedOnlyFrom(
  id: string,
  graph: ModuleGraph,
  from: RegExp,
  { through = /(?:)/, dynamic = false }: { through?: RegExp; dynamic?: boolean },
  seen = new Set<string>(),
): boolean {
  if (from.test(id)) return true;
  if (!through.test(id)) return false;
  if (seen.has(id)) return true;
  seen.add(id);
  const info = graph.getModuleInfo(id);
  const importers = info ? [...info.importers, ...(dynamic ? info.dynamicImporters : [])] : [];
  return (
    importers.length > 0 &&
    importers.every((importer) => importedOnlyFrom(importer, graph, from, { through, dynamic }, seen))
  );
}

/** A module that only the map or the charts import (statically or lazily), directly or through other such modules. */
const onlyForHeavyScreens = (id: string, graph: ModuleGraph) =>
  importedOnlyFrom(id, graph, HEAVY_ROOT, { dynamic: true });

/**
 * A library that only the UI kit imports (react-number-format, under NumberInput), directly or through other
 * libraries: it joins the `ui` chunk. Left out, it went into the first lazy screen that used it, and the `ui` chunk and
 * that screen's chunk imported each other.
 */
const onlyForTheUiKit = (id: string, graph: ModuleGraph) => importedOnlyFrom(id, graph, UI_KIT, { through: LIBRARY });

/**
 * The real build's code-splitting groups; none without a survey (the dev server, or a build that skipped it):
 * - `ui-map`: the libraries the public map loads after the app's entry, in one file instead of ~25. The map page loads
 *   the same modules as before; a console screen that needs one of them loads them all (a few kB more, many files fewer).
 * - `ui`: the rest of the UI kit that the console and client screens load.
 * `includeDependenciesRecursively: false`: a grouped module's dependencies stay where they are (the group imports
 * them) rather than being pulled into the group, and the group into every page that loads them.
 */
export function uiChunkGroups(mode: string) {
  if (mode === SURVEY_MODE || !existsSync(SURVEY_FILE)) return [];
  const survey = JSON.parse(readFileSync(SURVEY_FILE, 'utf8')) as Survey;
  const initial = new Set(survey.initial);
  const map = new Set(survey.map);
  return [
    {
      name: (id: string, graph: ModuleGraph) => (map.has(id) && !onlyForHeavyScreens(id, graph) ? 'ui-map' : null),
      includeDependenciesRecursively: false,
    },
    {
      name: (id: string, graph: ModuleGraph) =>
        (UI_KIT.test(id) || onlyForTheUiKit(id, graph)) &&
        !initial.has(id) &&
        !map.has(id) &&
        !onlyForHeavyScreens(id, graph)
          ? 'ui'
          : null,
      includeDependenciesRecursively: false,
    },
  ];
}
