import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server (apps/server) listens on 8080 by default; API_PROXY_TARGET points the dev proxy elsewhere.
const target = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';
const proxy = Object.fromEntries(['/core-api', '/ops-api', '/health'].map((prefix) => [prefix, { target }]));
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Writes dist/.vite/chunk-modules.json: each JavaScript file -> the modules whose code it carries (repository-relative
 * ids, tree-shaken-away modules left out). scripts/check-bundles.mjs reads it beside the manifest to see which files
 * hold MapLibre, the charts, PDF or spreadsheet code. Not served: the server skips dot folders.
 */
function chunkModules(): Plugin {
  return {
    name: 'openrescue-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id]) => (id.startsWith(repoRoot) ? id.slice(repoRoot.length) : id));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: `${JSON.stringify(chunks, null, 1)}\n` });
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
    apply: 'build',
    closeBundle() {
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile() && /\.(js|mjs|css|html|svg|json)$/.test(f.name) && !f.parentPath.includes('.vite'));
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

export default defineConfig({
  plugins: [react(), chunkModules(), precompress(fileURLToPath(new URL('./dist', import.meta.url)))],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: entries, chunks and their imports, for the bundle budgets (scripts/check-bundles.mjs).
    manifest: true,
    // Pages without the app around them (the server sends each for its path): the calculator and sign-in.
    rollupOptions: { input: { main: 'index.html', calculator: 'calculator.html', login: 'login.html' } },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
