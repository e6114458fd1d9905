// The web app's own API client, run in Node against the real server over HTTP.
import { createApiClient } from '../../../web/src/lib/api-client';

/** A cookie jar of one site: keeps what Set-Cookie sets, drops what it clears (as a browser does). */
export function cookieJar(initial: string[] = []) {
  const cookies = new Map<string, string>();
  const take = (setCookies: string[]) => {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0\b|expires=thu, 01 jan 1970/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
  };
  take(initial);
  return {
    take,
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
  };
}

/**
 * A signed-in browser tab: the session cookie in a jar that follows every Set-Cookie (the token call rotates it),
 * the access token where the app keeps it, and the web app's API client, counting refreshes and sign-outs.
 */
export async function browserSession(base: string, email: string, password: string) {
  const res = await fetch(`${base}/core-api/api/auth/sign-in/email`, {
    method: 'POST',
    // as the page at `base` sends it (fetch adds Sec-Fetch-Mode, so the auth library checks the Origin)
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  const jar = cookieJar(res.headers.getSetCookie());
  const store = { token: null as string | null, expiresAt: null as number | null, refreshes: 0, signedOut: 0 };
  const refreshToken = async () => {
    store.refreshes += 1;
    const r = await fetch(`${base}/core-api/api/session/token`, {
      method: 'POST',
      headers: { cookie: jar.header(), origin: base },
    });
    jar.take(r.headers.getSetCookie());
    if (!r.ok) throw Object.assign(new Error('refresh failed'), { status: r.status });
    const body = (await r.json()) as { token: string; expires_at: string };
    store.token = body.token;
    store.expiresAt = Date.parse(body.expires_at);
    return body.token;
  };
  await refreshToken();
  store.refreshes = 0;
  const client = createApiClient({
    fetch,
    getAccessToken: () => store.token,
    getExpiresAt: () => store.expiresAt,
    refreshToken,
    onSignedOut: () => {
      store.signedOut += 1;
    },
  });
  const signOut = async () => {
    const r = await fetch(`${base}/core-api/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: jar.header(), origin: 'http://localhost:8080' },
    });
    jar.take(r.headers.getSetCookie());
    return r.status;
  };
  return { client, store, jar, signOut };
}
