import { existsSync, readFileSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { type AppConfig, ERROR_TYPES } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import { declareAccessForContext } from './access.js';

const API_PREFIXES = ['/core-api', '/ops-api', '/docs', '/health'];
/** Pages built as their own HTML entry (apps/web/vite.config.ts) instead of the app's index.html. */
const STANDALONE_PAGES: Record<string, string> = { '/public/salescalculator': 'calculator.html', '/login': 'login.html' };

/**
 * A page with the public settings inlined as a JSON data block (not a script: the CSP stays strict), so the web app
 * has them without asking /core-api/api/config first (apps/web/src/lib/app-config.ts reads it).
 */
function readPage(path: string, config: AppConfig): string | null {
  if (!existsSync(path)) return null;
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return readFileSync(path, 'utf8').replace('</head>', `<script type="application/json" id="app-config">${json}</script></head>`);
}

/** Serves the built web app; any other GET that is not an API path gets index.html (client-side routes). */
export async function registerWeb(app: FastifyInstance, webDist: string | null, config: AppConfig) {
  const indexHtml = webDist === null ? null : readPage(`${webDist}/index.html`, config);
  const standalone = new Map(
    Object.entries(STANDALONE_PAGES).map(([route, file]) => [route, webDist === null ? null : readPage(`${webDist}/${file}`, config)]),
  );
  if (indexHtml !== null) {
    await app.register(async (web) => {
      declareAccessForContext(web, 'public');
      // preCompressed: the build writes .br/.gz beside each file (apps/web/vite.config.ts). Hashed assets never change.
      await web.register(fastifyStatic, {
        root: webDist!, wildcard: false, index: false, maxAge: '1h', preCompressed: true,
        setHeaders: (reply, path) => {
          if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        },
      });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (indexHtml !== null && request.method === 'GET' && !isApi) {
      const page = standalone.get(request.url.split('?')[0].replace(/\/+$/, '')) ?? indexHtml;
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
    }
    return reply.status(404).send({ type: ERROR_TYPES.notFound, message: 'Not found', detail: `${request.method} ${request.url.split('?')[0]}` });
  });
}
