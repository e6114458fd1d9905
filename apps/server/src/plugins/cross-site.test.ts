import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, TEST_ORIGIN, type TestApp } from '../test-support/test-app.js';
import { CROSS_SITE_MESSAGE } from './cross-site.js';

let t: TestApp;
let staff: { cookie: string; token: string };
let storeId: number;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 300 });
  staff = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
  storeId = Number((await t.database.db.selectFrom('store').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
});
afterAll(async () => t?.close());

const linkOf = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/ops-api/public-links/store/${storeId}`,
      headers: { authorization: `Bearer ${staff.token}` },
    })
  ).json();
const rotate = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/ops-api/public-links/store/${storeId}/rotate`,
    headers: { cookie: staff.cookie, ...headers },
  });

// The page that did it: http://localhost:8081 (another port of the same host: the same site, another origin), with
// fetch(url, { method: 'POST', mode: 'no-cors', credentials: 'include' }).
const FORGED: [string, Record<string, string>][] = [
  ['no Origin, no Sec-Fetch-Site', {}],
  ['another port of the same host', { origin: 'http://localhost:8081', 'sec-fetch-site': 'same-site' }],
  ['another site', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }],
  ['an opaque origin', { origin: 'null' }],
  ['Sec-Fetch-Site same-site without Origin', { 'sec-fetch-site': 'same-site' }],
  ['the right host over another scheme', { origin: 'https://localhost:8080' }],
];

describe('cross-site requests (issue 32, item 7)', () => {
  it.each(FORGED)('refuses a cookie-only state change from %s, and changes nothing', async (_what, headers) => {
    const before = await linkOf();
    const res = await rotate(headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ type: 'forbidden', message: CROSS_SITE_MESSAGE, detail: 'cross-site request' });
    expect(await linkOf()).toEqual(before);
  });

  it('refuses a forged refresh of the session cookie (it would rotate the session)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/session/token',
      headers: { cookie: staff.cookie, origin: 'http://localhost:8081' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('takes the same request from the app itself: its Origin, or Sec-Fetch-Site same-origin', async () => {
    const before = await linkOf();
    expect((await rotate({ origin: TEST_ORIGIN })).statusCode).toBe(200);
    expect((await rotate({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    expect(await linkOf()).not.toEqual(before);
  });

  it('without PUBLIC_URL, takes the address the server was reached at (127.0.0.1, a LAN address, a host name)', async () => {
    for (const host of ['127.0.0.1:8080', '192.168.1.20:8080', 'rescue-box.local:8080', '[::1]:8080']) {
      const res = await rotate({ host, origin: `http://${host}` });
      expect(res.statusCode, host).toBe(200);
    }
    // ... but not a page of another host naming itself in Origin only.
    expect((await rotate({ host: '192.168.1.20:8080', origin: 'http://192.168.1.21:8080' })).statusCode).toBe(403);
  });

  it('leaves bearer-token requests and reads alone: a token cannot be sent by another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/ops-api/public-links/store/${storeId}/rotate`,
      headers: { authorization: `Bearer ${staff.token}`, origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `/ops-api/public-links/store/${storeId}`,
      headers: { cookie: staff.cookie },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('cross-site requests with PUBLIC_URL set', () => {
  let fixed: TestApp;
  beforeAll(async () => {
    fixed = await buildTestApp({ PUBLIC_URL: TEST_ORIGIN });
  });
  afterAll(async () => fixed?.close());

  it('takes only that address as the page, whatever Host the request names', async () => {
    const post = (origin: string, host = 'rescue.example.org') =>
      fixed.app.inject({
        method: 'POST',
        url: '/core-api/api/session/token',
        headers: { cookie: 'better-auth.session_token=x', origin, host },
      });
    expect((await post('http://127.0.0.1:8080', '127.0.0.1:8080')).statusCode).toBe(403);
    expect((await post('http://rescue.example.org:8080', 'rescue.example.org:8080')).statusCode).toBe(403);
    // Its own address (the test app's: buildTestApp names it) passes this check; the made-up cookie signs nobody in.
    expect((await post(fixed.ctx.origin)).statusCode).toBe(401);
  });
});
