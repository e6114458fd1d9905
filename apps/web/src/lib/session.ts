import { SESSION_HINT_COOKIE, type SessionUser } from '@openrescue/shared';
/** The signed-in user and access token, kept in sessionStorage: the session lasts for the browser session. */
export type { SessionUser };

export interface StoredSession {
  token: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  user: SessionUser;
}

export const SESSION_STORAGE_KEY = 'openrescue.session';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null; // storage can be blocked by browser settings
  }
}

function isStoredSession(value: unknown): value is StoredSession {
  const v = value as StoredSession | null;
  return (
    !!v &&
    typeof v.token === 'string' &&
    typeof v.expiresAt === 'number' &&
    !!v.user &&
    typeof v.user.id === 'string' &&
    typeof v.user.email === 'string' &&
    typeof v.user.staff === 'boolean'
  );
}

function load(): StoredSession | null {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(SESSION_STORAGE_KEY) ?? 'null');
    return isStoredSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

let current: StoredSession | null = load();
const listeners = new Set<() => void>();

export function getSession(): StoredSession | null {
  return current;
}

export function setSession(session: StoredSession): void {
  current = session;
  storage()?.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  listeners.forEach((l) => l());
}

export function clearSession(): void {
  const had = current !== null;
  current = null;
  storage()?.removeItem(SESSION_STORAGE_KEY);
  if (had) listeners.forEach((l) => l());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Identity and claims: when this changes, server data is reloaded (spec section 4). */
export function sessionUserKey(user: SessionUser | null | undefined): string {
  return user ? `${user.id}|${user.email}|${user.staff ? 'staff' : 'user'}` : '';
}

/**
 * Whether the browser holds a session cookie, from the readable hint the server sets and clears beside the httpOnly
 * one (decision 0057): without it there is no session to ask a token from, so a signed-out page asks nothing.
 */
export function hasSessionCookie(): boolean {
  if (typeof document === 'undefined') return false;
  return document.cookie
    .split(';')
    .some((c) => c.trim().startsWith(`${SESSION_HINT_COOKIE}=`) && !c.trim().endsWith('='));
}
