import { REFRESH_ID_TOKEN_DETAIL } from '@openrescue/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { Auth } from '../auth/auth.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import { forbidden, unauthorized } from '../lib/http-error.js';

/**
 * Who may call a route. Every route declares one in `config.access`; a route without one is refused at runtime
 * and fails the route-access test.
 * - public: anyone; signed-in: any signed-in user; staff: staff only;
 * - client: a signed-in user or a read-only link (services narrow by company user or link scope);
 * - docs: the OpenAPI pages (open in development, staff in production);
 * - integration: a server-to-server integration key (checked by its module).
 */
export const ACCESS_LEVELS = ['public', 'signed-in', 'staff', 'client', 'docs', 'integration'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export type Principal =
  | { kind: 'user'; userId: string; email: string; name: string; staff: boolean; via: 'token' | 'cookie' }
  | { kind: 'readonly'; scope: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
  }
}

export interface AccessOptions {
  auth: Auth;
  verifyToken: TokenVerifier;
  /** Checks the `<scope>.<tk>` of a read-only link (`ro.` already removed): its scope, or null. */
  verifyReadonly: (value: string) => Promise<{ scope: string } | null>;
  production: boolean;
}

export interface RouteRecord {
  method: string;
  url: string;
  options: RouteOptions;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (!match) throw unauthorized('The Authorization header must be "Bearer <token>".', 'authorization required');
  return match[1].trim();
}

async function resolvePrincipal(request: FastifyRequest, opts: AccessOptions): Promise<Principal | null> {
  const token = bearerToken(request);
  if (token?.startsWith('ro.')) {
    // Read-only public link: `ro.<scope>.<tk>`, verified by the public-links module (signature, scope, version).
    const verified = await opts.verifyReadonly(token.slice(3));
    if (!verified) throw unauthorized('The link is not valid.', 'invalid token');
    return { kind: 'readonly', scope: verified.scope };
  }
  if (token) {
    const result = await opts.verifyToken(token);
    if (!result.ok && result.reason === 'expired') throw unauthorized('Authorization expired', REFRESH_ID_TOKEN_DETAIL);
    if (!result.ok) throw unauthorized('The access token is not valid.', 'invalid token');
    const { sub, email, name, staff } = result.claims;
    return { kind: 'user', userId: sub, email, name, staff, via: 'token' };
  }
  const cookie = request.headers.cookie;
  if (!cookie) return null;
  const session = await opts.auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!session) return null;
  const user = session.user as typeof session.user & { staff?: boolean };
  return {
    kind: 'user',
    userId: user.id,
    email: user.email,
    name: user.name,
    staff: Boolean(user.staff),
    via: 'cookie',
  };
}

function requireUser(principal: Principal | null) {
  if (!principal) throw unauthorized('Sign in to continue.', 'authorization required');
  return principal;
}

async function guard(request: FastifyRequest, opts: AccessOptions) {
  request.principal = null;
  if (request.is404) return;
  const access = request.routeOptions.config?.access;
  if (!access) throw forbidden('This route declares no access rule.');
  if (access === 'public' || access === 'integration') return;
  if (access === 'docs' && !opts.production) return;
  request.principal = await resolvePrincipal(request, opts);
  const principal = requireUser(request.principal);
  if (access === 'client') return;
  if (principal.kind !== 'user') throw forbidden();
  if ((access === 'staff' || access === 'docs') && !principal.staff) throw forbidden('This is for staff only.');
}

export const accessPlugin = fp<AccessOptions & { routes: RouteRecord[] }>(async (app: FastifyInstance, opts) => {
  app.decorateRequest('principal', null);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) opts.routes.push({ method, url: route.url, options: route });
  });
  app.addHook('onRequest', async (request) => guard(request, opts));
  // A read-only link's answers (and refusals) are the public's view of one object: never kept by a browser or a
  // shared cache, never named to another site (section 6 "Credentials on the wire").
  app.addHook('onSend', async (request, reply) => {
    if (!/^Bearer\s+ro\./i.test(request.headers.authorization ?? '')) return;
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  });
});

/** Declares the same access for every route registered in this (encapsulated) context: third-party route sets. */
export function declareAccessForContext(app: FastifyInstance, access: Access) {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: route.config?.access ?? access };
  });
}

export function userPrincipal(request: FastifyRequest) {
  const p = request.principal;
  if (!p || p.kind !== 'user') throw unauthorized('Sign in to continue.', 'authorization required');
  return p;
}
