// Which server test files need a database: those whose imports reach the database connection (or a database
// client package). `npm test` runs them on PGlite and again on PostgreSQL; the rest run once, in the unit project.
// Static, so a new test file is sorted by what it imports.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const DATABASE_MODULES = [resolve(root, 'apps/server/src/db/connection.ts')];
const DATABASE_PACKAGES = /^(pg|@electric-sql\/pglite)(\/|$)/;
// Value imports only: `import type` and `export type` bring no code.
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveImport(from, spec) {
  const base = resolve(dirname(from), spec);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    `${base}.ts`,
    join(base, 'index.ts'),
  ];
  return candidates.find((c) => existsSync(c) && !c.endsWith('/'));
}

const memo = new Map();
function reachesDatabase(file, seen = new Set()) {
  if (memo.has(file)) return memo.get(file);
  if (seen.has(file)) return false;
  seen.add(file);
  if (DATABASE_MODULES.includes(file)) return true;
  let found = false;
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (DATABASE_PACKAGES.test(spec)) found = true;
    else if (spec.startsWith('.')) {
      const target = resolveImport(file, spec);
      if (target && /\.(ts|tsx|mjs|js)$/.test(target) && reachesDatabase(target, seen)) found = true;
    }
    if (found) break;
  }
  if (found || seen.size === 1) memo.set(file, found);
  return found;
}

/**
 * Files that reach a database but prove nothing the engine changes: they run on PGlite only. The crash test's 20-kill
 * run is in `npm run test:resilience`.
 */
export const EMBEDDED_ONLY = {
  'apps/server/src/jobs/crash.test.ts':
    'the job runner resumes a killed publish from what it stored; which engine stored it does not change that, and ' +
    'the embedded one is the one a kill can damage (PostgreSQL runs apart from the killed process)',
  'apps/server/src/plugins/openapi.test.ts':
    'the OpenAPI document is made from the routes alone; the database only signs the client in (decision 0052)',
  'apps/server/src/plugins/slow-bodies.test.ts':
    'the HTTP layer cuts slow bodies before any query; the database only signs the real user in',
  'apps/server/src/plugins/slow-bodies-taken.test.ts':
    'the HTTP layer takes a slow body before any query; the sign-in it reaches then fails on any engine',
};

/** Server test files (relative to the root) split by whether they reach a database. */
export function serverTests() {
  const files = readdirSync(join(root, 'apps/server/src'), { recursive: true })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => join('apps/server/src', f))
    .sort();
  const database = [];
  const plain = [];
  for (const f of files) (reachesDatabase(resolve(root, f)) ? database : plain).push(relative(root, resolve(root, f)));
  return { database, plain };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { database, plain } = serverTests();
  console.log(
    `database (${database.length}):\n  ${database.join('\n  ')}\nno database (${plain.length}):\n  ${plain.join('\n  ')}`,
  );
}
