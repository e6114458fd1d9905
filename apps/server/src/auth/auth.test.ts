import { REFRESH_ID_TOKEN_DETAIL } from '@openrescue/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAccounts } from '../demo-accounts.js';
import { buildTestApp, cookieHeader, signIn, type TestApp } from '../test-support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  // The per-account sign-in limit is proven in security/sign-in-sessions.test.ts.
  t = await buildTestApp();
  await ensureDemoAccounts(t.ctx.auth);
});
afterAll(async () => t?.close());

describe('sign-in', () => {
  it('signs staff in and issues an access token carrying the staff claim', async () => {
    const s = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
    expect(s.user.staff).toBe(true);
    expect(new Date(s.expires_at).getTime()).toBeGreaterThan(Date.now());
    expect(s.cookie).toMatch(/session_token=/);
  });

  it('sets a browser-session cookie (no Max-Age or Expires) so the session ends with the browser', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/auth/sign-in/email',
      payload: { email: 'company@openrescue.test', password: 'demo-company', rememberMe: false },
    });
    expect(res.statusCode).toBe(200);
    const raw = [res.headers['set-cookie']].flat().join('\n');
    const sessionCookie = raw.split('\n').find((c) => c.includes('session_token='))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    // the session token never reaches scripts: not in the body, not in a header
    const sessionToken = decodeURIComponent(sessionCookie.split(';')[0].split('=')[1]).split('.')[0];
    expect(res.body).not.toContain(sessionToken);
    expect(res.json().token).toBeUndefined();
    expect(res.headers['set-auth-token']).toBeUndefined();
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/i);
  });

  it('answers a wrong password with 401 in the shared error shape and no cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/auth/sign-in/email',
      payload: { email: 'store@openrescue.test', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(Object.keys(res.json()).sort()).toEqual(['detail', 'message', 'type']);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('refuses open sign-up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/auth/sign-up/email',
      payload: { email: 'new@example.com', password: 'long-enough-password', name: 'New' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    const count = await t.database.db.selectFrom('user').select((eb) => eb.fn.countAll().as('n')).where('email', '=', 'new@example.com').executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });

  it('requires email and password', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/core-api/api/auth/sign-in/email', payload: { email: 'staff@openrescue.test' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('access tokens', () => {
  it('rejects requests without credentials, and with a malformed token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/core-api/api/clients/company_user' });
    expect(none.statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'GET', url: '/core-api/api/clients/company_user', headers: { authorization: 'Bearer not-a-jwt' } });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().detail).toBe('invalid token');
  });

  it('accepts the session cookie alone', async () => {
    const s = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
    const res = await t.app.inject({ method: 'GET', url: '/ops-api/table/Jobs', headers: { cookie: s.cookie } });
    expect(res.statusCode).toBe(200);
  });

  it('keeps staff-only routes from other users', async () => {
    const s = await signIn(t.app, 'company@openrescue.test', 'demo-company');
    const res = await t.app.inject({ method: 'GET', url: '/ops-api/table/Jobs', headers: { authorization: `Bearer ${s.token}` } });
    expect(res.statusCode).toBe(403);
  });

  it('answers an expired token with 401, even one already accepted, "refresh the id token", and the cookie mints a new one', async () => {
    // JWT expiry has whole-second precision: 3 s leaves a refreshed token at least 2 s of life
    const short = await buildTestApp({ ACCESS_TOKEN_TTL_SECONDS: '3' });
    try {
      await ensureDemoAccounts(short.ctx.auth);
      const s = await signIn(short.app, 'staff@openrescue.test', 'demo-staff');
      // used once while valid, so the verifier remembers it: the memory must still end at the token's expiry
      const fresh = await short.app.inject({ method: 'GET', url: '/ops-api/table/Jobs', headers: { authorization: `Bearer ${s.token}` } });
      expect(fresh.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      const expired = await short.app.inject({ method: 'GET', url: '/ops-api/table/Jobs', headers: { authorization: `Bearer ${s.token}` } });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().detail).toBe(REFRESH_ID_TOKEN_DETAIL);
      const refreshed = await short.app.inject({ method: 'POST', url: '/core-api/api/session/token', headers: { cookie: s.cookie } });
      expect(refreshed.statusCode).toBe(200);
      const ok = await short.app.inject({ method: 'GET', url: '/ops-api/table/Jobs', headers: { authorization: `Bearer ${refreshed.json().token}` } });
      expect(ok.statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('ends the session on sign-out: the cookie no longer mints tokens', async () => {
    const s = await signIn(t.app, 'store@openrescue.test', 'demo-store');
    const out = await t.app.inject({ method: 'POST', url: '/core-api/api/auth/sign-out', headers: { cookie: s.cookie, origin: 'http://localhost:8080' } });
    expect(out.statusCode).toBe(200);
    expect(cookieHeader(out)).toMatch(/session_token=;?/);
    const again = await t.app.inject({ method: 'POST', url: '/core-api/api/session/token', headers: { cookie: s.cookie } });
    expect(again.statusCode).toBe(401);
  });
});
