import { cookieJar } from './browser-session.js';

export interface Timed {
  what: string;
  status: number;
  ms: number;
}

/**
 * A real user's visit, over HTTP as a browser makes it: the sign-in page, the app's settings, sign-in (with the
 * page's Origin), the access token, and the dashboard's first API read. Each request's status and time.
 */
export async function realUserVisit(
  base: string,
  account = { email: 'store@openrescue.test', password: 'demo-store' },
): Promise<Timed[]> {
  const timings: Timed[] = [];
  const timed = async (what: string, url: string, init: RequestInit = {}) => {
    const began = performance.now();
    const res = await fetch(`${base}${url}`, { ...init, signal: AbortSignal.timeout(10_000) }).catch(() => null);
    timings.push({ what, status: res?.status ?? 0, ms: performance.now() - began });
    return res;
  };
  await (await timed('/login', '/login'))?.text();
  await (await timed('config', '/core-api/api/config'))?.text();
  const signIn = await timed('sign-in', '/core-api/api/auth/sign-in/email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ ...account, rememberMe: false }),
  });
  await signIn?.text();
  if (signIn?.status !== 200) return timings;
  const jar = cookieJar(signIn.headers.getSetCookie());
  const tokenRes = await timed('token', '/core-api/api/session/token', {
    method: 'POST',
    headers: { cookie: jar.header(), origin: base },
  });
  if (tokenRes?.status !== 200) return timings;
  const { token } = (await tokenRes.json()) as { token: string };
  await (
    await timed('dashboard', '/core-api/api/clients/company_user', { headers: { authorization: `Bearer ${token}` } })
  )?.text();
  return timings;
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((sorted.length * p) / 100) - 1)];
}
