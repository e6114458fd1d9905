import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web app's own API client, run in Node against the real server over HTTP.
import { createApiClient } from '../../../../web/src/lib/api-client';
import { ensureDemoAccounts } from '../../demo-accounts.js';
import { browserSession } from '../../test-support/browser-session.js';
import { buildTestApp, type TestApp } from '../../test-support/test-app.js';

/** 20 requests that all get 401 cause exactly one refresh: security/sign-in-sessions.test.ts (issue 9, suite 3). */
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

const expire = () => new Promise((r) => setTimeout(r, 3100));

describe('token refresh queue', () => {
  it('rejects every queued request when the refresh fails (the session has ended)', async () => {
    const { client, store, signOut } = await browserSession(base, 'staff@openrescue.test', 'demo-staff');
    expect(await signOut()).toBe(200);
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
