import { REFRESH_ID_TOKEN_DETAIL } from '@openrescue/shared';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAccounts } from '../demo-accounts.js';
import { createChainLiveness } from './chain-liveness.js';
import { ofChain } from './session-rotation.js';
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
    const count = await t.database.db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', 'new@example.com')
      .executeTakeFirst();
    expect(Number(count?.n)).toBe(0);
  });

  it('requires email and password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/auth/sign-in/email',
      payload: { email: 'staff@openrescue.test' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('access tokens', () => {
  it('rejects requests without credentials, and with a malformed token', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/core-api/api/clients/company_user' });
    expect(none.statusCode).toBe(401);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/core-api/api/clients/company_user',
      headers: { authorization: 'Bearer not-a-jwt' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().detail).toBe('invalid token');
  });

  it('accepts the session cookie alone', async () => {
    const s = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
    const res = await t.app.inject({
      method: 'GET',
      url: '/ops-api/table/Jobs',
      headers: { cookie: s.cookie, origin: 'http://localhost:8080' },
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps staff-only routes from other users', async () => {
    const s = await signIn(t.app, 'company@openrescue.test', 'demo-company');
    const res = await t.app.inject({
      method: 'GET',
      url: '/ops-api/table/Jobs',
      headers: { authorization: `Bearer ${s.token}` },
    });
    expect(res.statusCode).toBe(403);
  });

  it('answers an expired token with 401, even one already accepted, "refresh the id token", and the cookie mints a new one', async () => {
    // JWT expiry has whole-second precision: 3 s leaves a refreshed token at least 2 s of life
    const short = await buildTestApp({ ACCESS_TOKEN_TTL_SECONDS: '3' });
    try {
      await ensureDemoAccounts(short.ctx.auth);
      const s = await signIn(short.app, 'staff@openrescue.test', 'demo-staff');
      // used once while valid, so the verifier remembers it: the memory must still end at the token's expiry
      const fresh = await short.app.inject({
        method: 'GET',
        url: '/ops-api/table/Jobs',
        headers: { authorization: `Bearer ${s.token}` },
      });
      expect(fresh.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 3100));
      const expired = await short.app.inject({
        method: 'GET',
        url: '/ops-api/table/Jobs',
        headers: { authorization: `Bearer ${s.token}` },
      });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().detail).toBe(REFRESH_ID_TOKEN_DETAIL);
      const refreshed = await short.app.inject({
        method: 'POST',
        url: '/core-api/api/session/token',
        headers: { cookie: s.cookie, origin: 'http://localhost:8080' },
      });
      expect(refreshed.statusCode).toBe(200);
      const ok = await short.app.inject({
        method: 'GET',
        url: '/ops-api/table/Jobs',
        headers: { authorization: `Bearer ${refreshed.json().token}` },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await short.close();
    }
  });

  it('ends the session on sign-out: the cookie no longer mints tokens', async () => {
    const s = await signIn(t.app, 'store@openrescue.test', 'demo-store');
    const out = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/auth/sign-out',
      headers: { cookie: s.cookie, origin: 'http://localhost:8080' },
    });
    expect(out.statusCode).toBe(200);
    expect(cookieHeader(out)).toMatch(/session_token=;?/);
    const again = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/session/token',
      headers: { cookie: s.cookie, origin: 'http://localhost:8080' },
    });
    expect(again.statusCode).toBe(401);
  });

  it("ends the access tokens of a signed-out session at once, even one already accepted, and no one else's", async () => {
    const leaving = await signIn(t.app, 'store@openrescue.test', 'demo-store');
    const staying = await signIn(t.app, 'store@openrescue.test', 'demo-store');
    const ask = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: '/core-api/api/clients/company_user',
        headers: { authorization: `Bearer ${token}` },
      });
    // a refresh rotates the session: tokens from before and after it belong to one chain
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/session/token',
      headers: { cookie: leaving.cookie, origin: 'http://localhost:8080' },
    });
    expect(refreshed.statusCode).toBe(200);
    const later = refreshed.json().token as string;
    for (const token of [leaving.token, later, staying.token]) expect((await ask(token)).statusCode).toBe(200);

    const out = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/auth/sign-out',
      headers: { cookie: cookieHeader(refreshed), origin: 'http://localhost:8080' },
    });
    expect(out.statusCode).toBe(200);
    for (const token of [leaving.token, later]) {
      const res = await ask(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toBe('invalid token');
    }
    expect((await ask(staying.token)).statusCode).toBe(200);
  });

  it('refuses a token signed with the server key that names no session', async () => {
    const s = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
    const now = Math.floor(Date.now() / 1000);
    const payload = {
      sub: s.user.id,
      email: 'staff@openrescue.test',
      name: 'Sam Staff',
      staff: true,
      iat: now,
      exp: now + 600,
    };
    const { token } = await t.ctx.auth.api.signJWT({ body: { payload } });
    const res = await t.app.inject({
      method: 'GET',
      url: '/ops-api/table/Jobs',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('session chains seen from another server process', () => {
  it('a chain whose sessions were deleted elsewhere reads as ended once its recheck time has passed', async () => {
    const s = await signIn(t.app, 'company@openrescue.test', 'demo-company');
    const chainId = decodeJwt(s.token).sid as string;
    const chains = createChainLiveness(t.database.db, 200);
    expect(await chains.isLive(chainId)).toBe(true);
    // what another process's sign-out does: this process was not told
    await t.database.db.deleteFrom('session').where(ofChain(chainId)).execute();
    expect(await chains.isLive(chainId)).toBe(true);
    await new Promise((r) => setTimeout(r, 250));
    expect(await chains.isLive(chainId)).toBe(false);
  });

  it('asks the database once for many concurrent questions about one chain', async () => {
    const s = await signIn(t.app, 'company@openrescue.test', 'demo-company');
    const chainId = decodeJwt(s.token).sid as string;
    let queries = 0;
    const counting = t.database.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const chains = createChainLiveness(counting);
    const answers = await Promise.all(Array.from({ length: 20 }, () => chains.isLive(chainId)));
    expect(answers.every(Boolean)).toBe(true);
    expect(queries).toBe(1);
  });
});
