import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import { ERROR_TYPES } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import { declareAccessForContext } from './access.js';

const API_PREFIXES = ['/core-api', '/ops-api', '/docs', '/health'];

/** Serves the built web app; any other GET that is not an API path gets index.html (client-side routes). */
export async function registerWeb(app: FastifyInstance, webDist: string | null) {
  const hasWeb = webDist !== null && existsSync(`${webDist}/index.html`);
  if (hasWeb) {
    await app.register(async (web) => {
      declareAccessForContext(web, 'public');
      await web.register(fastifyStatic, { root: webDist!, wildcard: false, index: false, maxAge: '1h' });
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (hasWeb && request.method === 'GET' && !isApi) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist!);
    }
    return reply.status(404).send({ type: ERROR_TYPES.notFound, message: 'Not found', detail: `${request.method} ${request.url.split('?')[0]}` });
  });
}
