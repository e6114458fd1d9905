// Builds the server for `npm start` into apps/server/dist: our TypeScript (and @openrescue/shared) bundled by esbuild
// into plain ES modules, the packages in node_modules left as they are. Starting from JavaScript skips tsx's loader,
// which otherwise resolves and transforms every one of the ~900 modules on each start (issue 8: restart <= 5 s).
// Layout: dist/main.js beside what the bundled code finds relative to itself (import.meta.url): migrations/,
// pglite-worker.mjs, render-worker.js; dist is at the same depth as src, so '../../web/dist' still finds the web build.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;

/** Packages stay imports (native loading from node_modules); our workspace packages are TypeScript, so bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@openrescue/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const began = Date.now();
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/main.ts',
      cluster: 'src/cluster.ts',
      'render-worker': 'src/jobs/render-worker.ts',
      'transcripts-analysis-worker': 'src/modules/transcripts/transcripts.analysis-worker.ts',
    },
    outdir: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // Flat, so that code in any chunk finds migrations/ and the workers at the same relative paths.
    chunkNames: '[name]-[hash]',
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  cpSync(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
  cpSync(`${root}src/db/pglite-worker.mjs`, `${dist}/pglite-worker.mjs`);
  return Date.now() - began;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ms = await buildServer();
  console.log(`server built into ${dist} in ${ms} ms`);
}
