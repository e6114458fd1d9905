import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAccounts } from '../demo-accounts.js';
import { buildTestApp, cookieHeader, type TestApp } from '../test-support/test-app.js';

/**
 * Issue 32, items 10 and 11: every auth route answers bad input with 400 (never 500), keeps what a client writes
 * small (limiter keys, the display name that goes into every access token), and never shows the session token.
 */
const AUTH = '/core-api/api/auth';
const ORIGIN = 'http://localhost:8080';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureDemoAccounts(t.ctx.auth);
});
afterAll(async () => t?.close());

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

async function signedInCookie(
  email = 'company@openrescue.test',
  password = 'demo-company',
  remoteAddress = '192.0.2.10',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${AUTH}/sign-in/email`,
    remoteAddress,
    payload: { email, password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return cookieHeader(res);
}

describe('JSON nested thousands deep', () => {
  for (const path of [
    'sign-in/email',
    'update-user',
    'change-password',
    'sign-out',
    'get-session',
    'list-sessions',
    'no-such-route',
  ]) {
    it(`answers 400 at ${path}`, async () => {
      for (const payload of [nested(5000), nestedObject(5000), `{"email":${nested(5000)},"password":"x"}`]) {
        const res = await t.app.inject({
          method: 'POST',
          url: `${AUTH}/${path}`,
          remoteAddress: '192.0.2.20',
          headers: { 'content-type': 'application/json', origin: ORIGIN },
          payload,
        });
        expect(res.statusCode, `${path}: ${res.body.slice(0, 200)}`).toBe(400);
        expect(Object.keys(res.json()).sort()).toEqual(['detail', 'message', 'type']);
      }
    });
  }
});

describe('what a client writes stays small', () => {
  it('refuses a ~3 KB email with 400, and no limiter key holds it', async () => {
    const email = `${'x'.repeat(3000)}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/sign-in/email`,
      remoteAddress: '192.0.2.21',
      payload: { email, password: 'whatever-password' },
    });
    expect(res.statusCode, res.body).toBe(400);
    const keys = await t.database.db.selectFrom('rate_limit_window').select('key').execute();
    expect(
      keys.every((k) => k.key.length <= 100),
      JSON.stringify(keys.map((k) => k.key.length)),
    ).toBe(true);
  });

  it('keys the sign-in limits by a digest, not the email as written', async () => {
    const email = 'someone-long-enough@example.com';
    await t.app.inject({
      method: 'POST',
      url: `${AUTH}/sign-in/email`,
      remoteAddress: '192.0.2.22',
      payload: { email, password: 'whatever-password' },
    });
    const keys = await t.database.db.selectFrom('rate_limit_window').select('key').execute();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.key.includes('someone-long-enough'))).toBe(false);
  });

  it('refuses a 1.6 MB display name (400) and keeps the name as it was', async () => {
    const cookie = await signedInCookie();
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/update-user`,
      remoteAddress: '192.0.2.10',
      headers: { cookie, origin: ORIGIN },
      payload: { name: 'N'.repeat(1_600_000) },
    });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    const user = await t.database.db
      .selectFrom('user')
      .select('name')
      .where('email', '=', 'company@openrescue.test')
      .executeTakeFirstOrThrow();
    expect(user.name.length).toBeLessThan(200);
    // the image is the other free text the library lets a user write
    const image = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/update-user`,
      remoteAddress: '192.0.2.10',
      headers: { cookie, origin: ORIGIN },
      payload: { image: `https://example.com/${'i'.repeat(100_000)}` },
    });
    expect(image.statusCode).toBe(400);
  });

  it('still takes a display name of sensible length', async () => {
    const cookie = await signedInCookie();
    const res = await t.app.inject({
      method: 'POST',
      url: `${AUTH}/update-user`,
      remoteAddress: '192.0.2.10',
      headers: { cookie, origin: ORIGIN },
      payload: { name: 'Company Person' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('the session token never appears in a body', () => {
  const tokenOf = (cookie: string) =>
    decodeURIComponent(
      cookie
        .split('; ')
        .find((p) => p.includes('session_token='))!
        .split('=')[1],
    ).split('.')[0];

  for (const path of ['get-session', 'list-sessions']) {
    it(`${path} answers without any session's token, at any depth`, async () => {
      const cookie = await signedInCookie('store@openrescue.test', 'demo-store', '192.0.2.11');
      await signedInCookie('store@openrescue.test', 'demo-store', '192.0.2.11');
      const res = await t.app.inject({
        method: 'GET',
        url: `${AUTH}/${path}`,
        remoteAddress: '192.0.2.11',
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(tokenOf(cookie));
      expect(res.body).not.toMatch(/"token"/);
      const sessions = await t.database.db.selectFrom('session').select('token').execute();
      for (const s of sessions) expect(res.body).not.toContain(s.token);
    });
  }
});
