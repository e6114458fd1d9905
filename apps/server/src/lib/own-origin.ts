import type { FastifyRequest } from 'fastify';

/** The Vite dev server (npm run dev -w apps/web) proxies to us from its own origin. */
export const DEV_SERVER_ORIGIN = 'http://localhost:5173';

/**
 * The origin this request reached the server at: scheme and Host as the client sent them (X-Forwarded-Proto and
 * X-Forwarded-Host only from the proxies TRUST_PROXY names; Fastify decides that).
 */
export function reachedOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`.toLowerCase();
}

export interface OwnOriginSettings {
  /** The address the server calls itself by (PUBLIC_URL, or the built-in http://localhost:{PORT}). */
  origin: string;
  /** PUBLIC_URL was set: then only that address is the server's own (and the dev server's, outside production). */
  fixed: boolean;
  production: boolean;
}

/**
 * The origins a browser page of this server has, for this request. With PUBLIC_URL set, that address; without it,
 * also the address the request reached (http://127.0.0.1:8080, a LAN address, a host name: the one people open).
 */
export function ownOrigins(request: FastifyRequest, settings: OwnOriginSettings): string[] {
  const origins = [new URL(settings.origin).origin];
  if (!settings.fixed) origins.push(reachedOrigin(request));
  if (!settings.production) origins.push(DEV_SERVER_ORIGIN);
  return origins;
}

export function isOwnOrigin(request: FastifyRequest, origin: string, settings: OwnOriginSettings): boolean {
  let normalised: string;
  try {
    normalised = new URL(origin).origin;
  } catch {
    return false;
  }
  return normalised !== 'null' && ownOrigins(request, settings).includes(normalised);
}
