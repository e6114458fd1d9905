import { existsSync, readFileSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { ERROR_TYPES } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import { declareAccessForContext } from './access.js';

const API_PREFIXES = ['/core-api', '/ops-api', '/docs', '/health'];

/** Serves the built web app; any other GET that is not an API path gets index.html (client-side routes). */
export async function registerWeb(app: FastifyInstance, webDist: string | null) {
  const indexPath = `${webDist}/index.html`;
  const indexHtml = webDist !== null && existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (indexHtml !== null) {
    await app.register(async (web) => {
      declareAccessForContext(web, 'public');
      await web.register(fastifyStatic, { root: webDist!, wildcard: false, index: false, maxAge: '1h' });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (indexHtml !== null && request.method === 'GET' && !isApi) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
    }
    return reply.status(404).send({ type: ERROR_TYPES.notFound, message: 'Not found', detail: `${request.method} ${request.url.split('?')[0]}` });
  });
}
