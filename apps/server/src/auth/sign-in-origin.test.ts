import type { AddressInfo } from 'node:net';
import { WRONG_ADDRESS_ERROR_TYPE } from '@openrescue/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAccounts } from '../demo-accounts.js';
import { buildTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Issue 32, item 8: sign-in from the address people open. Without PUBLIC_URL the server's own origin is also the one
 * it is reached at (127.0.0.1, a LAN address, a host name); foreign origins stay refused. With PUBLIC_URL, another
 * origin is refused with a message naming the address to use.
 */
const SIGN_IN = '/core-api/api/auth/sign-in/email';
const STORE = { email: 'store@openrescue.test', password: 'demo-store', rememberMe: false };

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp();
    await ensureDemoAccounts(t.ctx.auth);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t?.close());

  const post = (headers: Record<string, string>) =>
    fetch(`${base}${SIGN_IN}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(STORE),
    });

  it('signs in from a page opened at http://127.0.0.1:{port}, as a browser sends it', async () => {
    const res = await post({ origin: base, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/session_token=/);
  });

  it('signs in from a page opened at a LAN address or a host name', async () => {
    for (const host of ['192.168.1.20:8080', 'openrescue.lan:8080', 'rescue-box']) {
      const res = await t.app.inject({
        method: 'POST',
        url: SIGN_IN,
        remoteAddress: '192.0.2.40',
        headers: { host, origin: `http://${host}`, 'sec-fetch-site': 'same-origin' },
        payload: STORE,
      });
      expect(res.statusCode, `${host}: ${res.body}`).toBe(200);
    }
  });

  it('still refuses a foreign origin, naming the address to use', async () => {
    for (const origin of ['http://evil.example', 'http://127.0.0.1:1', 'null']) {
      const res = await post({ origin, 'sec-fetch-site': 'cross-site' });
      expect(res.status, origin).toBe(403);
      const body = await res.json();
      expect(body.type).toBe(WRONG_ADDRESS_ERROR_TYPE);
      expect(body.message).toContain(base);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
  });

  it('does not take the Host a page claims for its own when it sends another Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      remoteAddress: '192.0.2.41',
      headers: { host: 'openrescue.lan', origin: 'http://attacker.lan' },
      payload: STORE,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ PUBLIC_URL: 'http://localhost:8080' });
    await ensureDemoAccounts(t.ctx.auth);
  });
  afterAll(async () => t?.close());

  it('signs in from PUBLIC_URL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      headers: { origin: 'http://localhost:8080' },
      payload: STORE,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses another address the server is reached at, with a message naming PUBLIC_URL', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      headers: { host: '127.0.0.1:8080', origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin' },
      payload: STORE,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      type: WRONG_ADDRESS_ERROR_TYPE,
      message: 'Sign-in is not accepted from this address. Open http://localhost:8080 and sign in there.',
      detail: 'http://localhost:8080',
    });
  });
});
