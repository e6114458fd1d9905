import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Hosts a browser trusts over plain HTTP (a "potentially trustworthy" origin): loopback names and addresses. */
const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const trustworthy = (request: FastifyRequest) => request.protocol === 'https' || LOOPBACK.test(request.hostname);

/**
 * Helmet's headers (CSP, HSTS, nosniff, frame-ancestors…) on every response. The middleware is built once:
 * @fastify/helmet built it again for every request, parsing the CSP each time (~2% of the server's CPU under load).
 * Registered on the root instance, so the hook covers every route, the static files and the 404s.
 * Cross-Origin-Opener-Policy only where the browser can apply it: over plain HTTP to a LAN address or a host name,
 * Chromium ignores it and says so in the console of every page.
 */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const secure = helmet(options);
  const plain = helmet({ ...options, crossOriginOpenerPolicy: false });
  app.addHook('onRequest', (request, reply, done) =>
    (trustworthy(request) ? secure : plain)(request.raw, reply.raw, (error?: unknown) =>
      done(error as Error | undefined),
    ),
  );
}
