import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/http-error.js';
import { isOwnOrigin, type OwnOriginSettings } from '../lib/own-origin.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE =
  'This request came from another site and was refused. Open the app at its own address and try again.';

/** A request a browser would send with the session cookie alone: it changes something and names no bearer token. */
function authorizedByCookie(request: FastifyRequest): boolean {
  return !SAFE_METHODS.has(request.method) && Boolean(request.headers.cookie) && !request.headers.authorization;
}

/**
 * Cross-site request forgery: a page of another origin (another port of this host is another origin, though the
 * same site) can make the browser send our session cookie with a body-less POST. Every state-changing request that
 * only the cookie authorizes must come from one of our own pages: `Sec-Fetch-Site: same-origin`, or an `Origin`
 * that is the server's own (lib/own-origin.ts). Browsers send `Origin` on every such POST; a request with neither
 * is refused too. Requests with an Authorization header (bearer tokens, links, integration keys) cannot be forged
 * across sites without the page reading a token first, so they pass.
 */
export function refuseCrossSite(app: FastifyInstance, settings: OwnOriginSettings) {
  app.addHook('onRequest', async (request) => {
    if (!authorizedByCookie(request)) return;
    if (request.headers['sec-fetch-site'] === 'same-origin') return;
    const origin = request.headers.origin;
    if (typeof origin === 'string' && isOwnOrigin(request, origin, settings)) return;
    throw forbidden(CROSS_SITE_MESSAGE, 'cross-site request');
  });
}
