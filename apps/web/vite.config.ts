import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type ConfigEnv, defineConfig, type Plugin } from 'vite';
import { staticClosure, SURVEY_MODE, surveyPublicModules, uiChunkGroups } from './vite-ui-chunk';

// The API server (apps/server) listens on 8080 by default; API_PROXY_TARGET points the dev proxy elsewhere.
const target = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';
const proxy = Object.fromEntries(['/core-api', '/ops-api', '/health', '/p/'].map((prefix) => [prefix, { target }]));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The browser build only: not the server-side one of the pre-rendered pages (`vite build --ssr`), nor the survey (vite-ui-chunk.ts). */
const clientBuild = (_config: unknown, env: ConfigEnv) =>
  env.command === 'build' && !env.isSsrBuild && env.mode !== SURVEY_MODE;

/**
 * Writes dist/.vite/chunk-modules.json: each JavaScript file -> the modules whose code it carries (repository-relative
 * ids, tree-shaken-away modules left out). scripts/check-bundles.mjs reads it beside the manifest to see which files
 * hold MapLibre, the charts, PDF or spreadsheet code. Not served: the server skips dot folders.
 */
function chunkModules(): Plugin {
  return {
    name: 'openrescue-chunk-modules',
    apply: clientBuild,
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => (id.startsWith(repoRoot) ? id.slice(repoRoot.length) : id));
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-modules.json',
        source: `${JSON.stringify(chunks, null, 1)}\n`,
      });
    },
  };
}

/**
 * Writes a .br and a .gz beside every script, stylesheet, page and SVG of the build, compressed once at the highest
 * levels, so the server sends them as they are (@fastify/static preCompressed) instead of 3-4x the bytes.
 */
function precompress(outDir: string): Plugin {
  return {
    name: 'openrescue-precompress',
    apply: clientBuild,
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter(
        (f) => f.isFile() && /\.(js|mjs|css|html|svg|json)$/.test(f.name) && !f.parentPath.includes('.vite'),
      );
      for (const f of files) {
        const path = join(f.parentPath, f.name);
        const body = readFileSync(path);
        if (body.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/** The entries of the pre-rendered pages (login.html, calculator.html): they import their page's code after painting. */
const PRERENDERED_ENTRY = /^assets\/(login|calculator)-[\w-]{8}\.js$/;

/**
 * The pre-rendered pages load their code with one dynamic import once painted (src/lib/after-first-paint.ts), so the
 * stylesheets of that code would arrive after the first paint and move the markup already on screen. This links them
 * from the page itself, render-blocking like the page's own stylesheet.
 */
function pageStylesheets(): Plugin {
  return {
    name: 'openrescue-page-stylesheets',
    apply: clientBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, { chunk, bundle }) {
        if (!chunk || !bundle || !PRERENDERED_ENTRY.test(chunk.fileName)) return;
        const css = new Set(
          staticClosure(bundle, chunk.dynamicImports).flatMap((output) => [
            ...(output.viteMetadata?.importedCss ?? []),
          ]),
        );
        return [...css]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `/${file}` },
            injectTo: 'head' as const,
          }));
      },
    },
  };
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [
    react(),
    surveyPublicModules(),
    chunkModules(),
    pageStylesheets(),
    precompress(fileURLToPath(new URL('./dist', import.meta.url))),
  ],
  build: {
    outDir: 'dist',
    // The survey pass only looks at the chunks (vite-ui-chunk.ts); the real build writes them.
    write: mode !== SURVEY_MODE,
    emptyOutDir: true,
    // dist/.vite/manifest.json: entries, chunks and their imports, for the bundle budgets (scripts/check-bundles.mjs).
    manifest: true,
    // A dynamic import's scripts are not preloaded from script (decision 0027): Vite would append a link per file of
    // the chunk's closure (37-47 for a console or client screen) at the import, ~0.3-1 ms of main thread each, in the
    // first load's longest task; and fetching them all at once shares a slow link with the ones needed first. The
    // browser finds them from the imports as it loads. Stylesheets are still loaded before the chunk runs.
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    // Pages without the app around them (the server sends each for its path): the calculator and sign-in.
    // The standalone pages' code, loaded once they have painted (src/login-main.tsx), is an entry too: chunked on its
    // own, as the page's first load, rather than split along the app's shared chunks (44 files, +30 kB).
    rollupOptions: {
      input: {
        main: 'index.html',
        calculator: 'calculator.html',
        login: 'login.html',
        'login-page': 'src/login-page.tsx',
        'calculator-page': 'src/calculator-page.tsx',
      },
      output: isSsrBuild ? {} : { codeSplitting: { groups: uiChunkGroups(mode) } },
    },
  },
  // `vite build --ssr src/ssr/prerender.tsx` (package.json build): the workspace contract package is TypeScript
  // source, so it is bundled; the other packages load from node_modules.
  ssr: { noExternal: ['@openrescue/shared'] },
  ...(isSsrBuild ? { publicDir: false as const } : {}),
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
}));
