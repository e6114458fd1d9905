import { ERROR_TYPES, WRONG_ADDRESS_ERROR_TYPE } from '@openrescue/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ownOrigins, type OwnOriginSettings, reachedOrigin } from '../lib/own-origin.js';
import { type Auth, ownOriginsOfRequest } from './auth.js';
import { forClient } from './password-queue.js';
import { clientAddress, fromKnownDevice } from './sign-in-limits.js';

function toFetchRequest(request: FastifyRequest, url: URL): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  // The library reads the client address (it records it on sessions) from this header: the address our server
  // worked out, which believes X-Forwarded-For only from the proxies TRUST_PROXY names.
  headers.set('x-forwarded-for', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== undefined;
  return new Request(url, {
    method: request.method,
    headers,
    body: hasBody ? JSON.stringify(request.body) : undefined,
  });
}

/** Re-shapes the auth library's `{ code, message }` errors into our `{ type, message, detail }`. */
function errorBody(status: number, text: string) {
  try {
    const parsed = JSON.parse(text) as { code?: string; message?: string };
    const type = status === 401 ? ERROR_TYPES.unauthorized : (parsed.code?.toLowerCase() ?? ERROR_TYPES.validation);
    return { type, message: parsed.message ?? 'Request failed', detail: parsed.code ?? '' };
  } catch {
    return { type: ERROR_TYPES.unknown, message: text || 'Request failed', detail: '' };
  }
}

/**
 * A sign-in (or other cookie request) sent from a page at an address this server does not serve: the message names
 * the address to use (issue 32, item 8). With PUBLIC_URL that address; without it, the one the request reached.
 */
function wrongAddressBody(request: FastifyRequest, settings: OwnOriginSettings) {
  const use = settings.fixed ? new URL(settings.origin).origin : reachedOrigin(request);
  return {
    type: WRONG_ADDRESS_ERROR_TYPE,
    message: `Sign-in is not accepted from this address. Open ${use} and sign in there.`,
    detail: use,
  };
}

/**
 * The session token is the refresh credential: it lives in the httpOnly cookie only, never in a body scripts read.
 * Every `token` goes, at every depth (get-session and list-sessions nest sessions; issue 32, item 11). Walked without
 * recursion.
 */
export function withoutSessionTokens(text: string): string | null {
  if (!text) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text; // not JSON (redirect pages): as is
  }
  const stack: unknown[] = [parsed];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (!Array.isArray(value)) delete (value as Record<string, unknown>).token;
    stack.push(...Object.values(value));
  }
  return JSON.stringify(parsed);
}

export async function forward(auth: Auth, settings: OwnOriginSettings, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, settings.origin);
  // The library routes on the normalised path: `/x/../sign-in/email` would reach sign-in through the catch-all
  // route, past the per-account limit. Only a path it reads exactly as our router did goes through.
  if (url.pathname !== request.url.split('?')[0]) {
    return reply.status(404).send({ type: ERROR_TYPES.notFound, message: 'Not found', detail: '' });
  }
  const fetchRequest = toFetchRequest(request, url);
  ownOriginsOfRequest.set(fetchRequest, ownOrigins(request, settings));
  // The hashing queue skips a request whose client has gone by its turn (password-queue.ts).
  // A request read to its end is destroyed too (autoDestroy): that is not a client gone.
  const gone = () =>
    (request.raw.destroyed && !request.raw.complete) ||
    request.raw.socket?.destroyed === true ||
    (reply.raw.destroyed && !reply.raw.writableFinished);
  const response = await forClient({ address: clientAddress(request), gone, priority: fromKnownDevice(request) }, () =>
    auth.handler(fetchRequest),
  );
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) {
    const body = errorBody(response.status, text);
    const wrongAddress = body.detail === 'INVALID_ORIGIN' || body.detail === 'MISSING_OR_NULL_ORIGIN';
    return reply.type('application/json').send(wrongAddress ? wrongAddressBody(request, settings) : body);
  }
  return reply.send(withoutSessionTokens(text));
}
