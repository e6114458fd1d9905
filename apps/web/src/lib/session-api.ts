import { authPaths, ERROR_TYPES, sessionPaths } from '@openrescue/shared';
import { apiUrl } from '../config/env';
import { paths } from '../config/paths';
import { ApiRequestError, normaliseError } from './api-errors';
import { navigateTo } from './navigation';
import { getProductName } from './product-name';
import type { SessionToken } from '@openrescue/shared';
import { clearSession, hasSessionCookie, setSession, type StoredSession } from './session';

/** Sign-in, token and sign-out calls. They ride on the httpOnly session cookie, so they bypass the bearer client. */

const FALLBACK_TOKEN_LIFETIME_MS = 5 * 60 * 1000;

/** `sent`: the same request already under way (public/early-session.js). */
async function cookiePost<T>(path: string, body: unknown = {}, sent?: Promise<Response>): Promise<T> {
  let res: Response;
  try {
    res = await (sent ??
      fetch(apiUrl(path), {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      }));
  } catch (cause) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new ApiRequestError(
      normaliseError(offline ? { kind: 'offline' } : { kind: 'no-response', cause }, getProductName()),
    );
  }
  const raw = await res.text();
  let data: unknown;
  try {
    data = raw ? JSON.parse(raw) : undefined;
  } catch {
    data = raw;
  }
  if (!res.ok) {
    throw new ApiRequestError(normaliseError({ kind: 'response', status: res.status, body: data }, getProductName()));
  }
  return data as T;
}

function toSession(data: SessionToken): StoredSession {
  const expiresAt = Date.parse(data.expires_at);
  return {
    token: data.token,
    expiresAt: Number.isNaN(expiresAt) ? Date.now() + FALLBACK_TOKEN_LIFETIME_MS : expiresAt,
    user: data.user,
  };
}

/** Mints an access token from the session cookie and stores it: used after sign-in and to refresh. */
export async function fetchSessionToken(sent?: Promise<Response>): Promise<StoredSession> {
  const session = toSession(await cookiePost<SessionToken>(sessionPaths.token, {}, sent));
  setSession(session);
  return session;
}

/** The API client's refresh: a 401 here means the session is over. */
export async function refreshAccessToken(): Promise<string> {
  try {
    return (await fetchSessionToken()).token;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) clearSession();
    throw error;
  }
}

let restoring: Promise<StoredSession | null> | null = null;

/** The token request the page started before the app loaded, once, if it asked what the app would ask. */
function takeEarlyTokenRequest(): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__openrescueEarlyToken;
  if (!early) return undefined;
  delete window.__openrescueEarlyToken;
  return early.url === apiUrl(sessionPaths.token) ? early.response : undefined;
}

/** A new tab has no stored token but may still have a session cookie; try it once, if the session hint says so. */
export function restoreSession(): Promise<StoredSession | null> {
  const early = takeEarlyTokenRequest();
  restoring ??= early || hasSessionCookie() ? fetchSessionToken(early).catch(() => null) : Promise.resolve(null);
  return restoring;
}

export async function signInWithEmail(email: string, password: string): Promise<StoredSession> {
  await cookiePost(authPaths.signInEmail, { email, password, rememberMe: false });
  return fetchSessionToken();
}

/** Sends the browser to the identity provider; it comes back to /login?social=1. */
export async function startSocialSignIn(): Promise<void> {
  const origin = window.location.origin;
  // Generic OIDC providers go through the auth library's standard social sign-in endpoint.
  const data = await cookiePost<{ url?: string }>(authPaths.signInSocial, {
    provider: 'oidc',
    callbackURL: `${origin}${paths.login}?social=1`,
    errorCallbackURL: `${origin}${paths.login}?social=error`,
  });
  if (!data?.url) {
    throw new ApiRequestError({
      type: ERROR_TYPES.unknown,
      message: 'Social sign-in could not start.',
      detail: '',
      status: null,
    });
  }
  window.location.assign(data.url);
}

export async function signOut(): Promise<void> {
  try {
    await cookiePost(authPaths.signOut);
  } catch {
    // The local sign-out below still happens; the cookie ends with the browser session anyway.
  }
  clearSession();
  navigateTo(paths.login, { replace: true });
}
