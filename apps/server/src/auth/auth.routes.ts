import { ERROR_TYPES } from '@openrescue/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './auth.js';
import { AUTH_BASE_PATH } from './auth.js';

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

/** The session token is the refresh credential: it lives in the httpOnly cookie only, never in a body scripts read. */
function withoutSessionToken(text: string): string | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (parsed && typeof parsed === 'object' && 'token' in parsed) {
      delete parsed.token;
      return JSON.stringify(parsed);
    }
  } catch {
    // not JSON (redirect pages): as is
  }
  return text;
}

async function forward(auth: Auth, origin: string, request: FastifyRequest, reply: FastifyReply) {
  const url = new URL(request.url, origin);
  // The library routes on the normalised path: `/x/../sign-in/email` would reach sign-in through the catch-all
  // route, past the per-account limit. Only a path it reads exactly as our router did goes through.
  if (url.pathname !== request.url.split('?')[0]) {
    return reply.status(404).send({ type: ERROR_TYPES.notFound, message: 'Not found', detail: '' });
  }
  const response = await auth.handler(toFetchRequest(request, url));
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400) return reply.type('application/json').send(errorBody(response.status, text));
  return reply.send(withoutSessionToken(text));
}

export interface AuthRoutesOptions {
  auth: Auth;
  origin: string;
  loginRateLimitPerMinute: number;
}

function loginKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  // Keyed by account, not by address: a burst against one account never slows anyone else.
  return typeof email === 'string' ? `login:${email.trim().toLowerCase()}` : `login-ip:${request.ip}`;
}

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions) {
  const handler = (request: FastifyRequest, reply: FastifyReply) => forward(opts.auth, opts.origin, request, reply);

  app.post(`${AUTH_BASE_PATH}/sign-in/email`, {
    config: {
      access: 'public',
      rateLimit: { max: opts.loginRateLimitPerMinute, timeWindow: '1 minute', keyGenerator: loginKey },
    },
    schema: { hide: true },
    handler,
  });
  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    config: { access: 'public' },
    schema: { hide: true },
    handler,
  });
}
