import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web app's own API client, run in Node against the real server over HTTP.
import { createApiClient } from '../../../../web/src/lib/api-client';
import { ensureDemoAccounts } from '../../demo-accounts.js';
import { buildTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let base: string;

beforeAll(async () => {
  // JWT expiry has whole-second precision: 3 s leaves a refreshed token at least 2 s of life
  t = await buildTestApp({ ACCESS_TOKEN_TTL_SECONDS: '3' });
  await ensureDemoAccounts(t.ctx.auth);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

async function browserSession(email: string, password: string) {
  const res = await fetch(`${base}/core-api/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, rememberMe: false }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const store = { token: null as string | null, expiresAt: null as number | null, refreshes: 0, signedOut: 0 };
  const refreshToken = async () => {
    store.refreshes += 1;
    const r = await fetch(`${base}/core-api/api/session/token`, { method: 'POST', headers: { cookie } });
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
  return { client, store, cookie };
}

const expire = () => new Promise((r) => setTimeout(r, 3100));

describe('token refresh queue', () => {
  it('20 concurrent requests that all get 401 cause exactly one refresh and all succeed', async () => {
    const { client, store } = await browserSession('staff@openrescue.test', 'demo-staff');
    const first = await client.get<{ data: unknown[] }>(`${base}/ops-api/table/Jobs`);
    expect(first.data).toEqual([]);
    const oldToken = store.token;
    await expire();
    // the server itself must refuse the old token, or the test proves nothing
    const direct = await fetch(`${base}/ops-api/table/Jobs`, { headers: { authorization: `Bearer ${oldToken}` } });
    expect(direct.status).toBe(401);
    const results = await Promise.all(Array.from({ length: 20 }, () => client.get<{ data: unknown[] }>(`${base}/ops-api/table/Jobs`)));
    expect(results).toHaveLength(20);
    expect(results.every((r) => Array.isArray(r.data))).toBe(true);
    expect(store.refreshes).toBe(1);
    expect(store.token).not.toBe(oldToken);
  });

  it('rejects every queued request when the refresh fails (the session has ended)', async () => {
    const { client, store, cookie } = await browserSession('staff@openrescue.test', 'demo-staff');
    await fetch(`${base}/core-api/api/auth/sign-out`, { method: 'POST', headers: { cookie, origin: 'http://localhost:8080' } });
    await expire();
    const settled = await Promise.allSettled(Array.from({ length: 5 }, () => client.get(`${base}/ops-api/table/Jobs`)));
    expect(settled.every((s) => s.status === 'rejected')).toBe(true);
    expect(store.refreshes).toBe(1);
  });

  it('sends nobody-signed-in callers to sign-in', async () => {
    let signedOut = 0;
    const client = createApiClient({
      fetch,
      getAccessToken: () => null,
      getExpiresAt: () => null,
      refreshToken: async () => {
        throw new Error('must not be called');
      },
      onSignedOut: () => {
        signedOut += 1;
      },
    });
    await expect(client.get(`${base}/ops-api/table/Jobs`)).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toBe(1);
  });
});
