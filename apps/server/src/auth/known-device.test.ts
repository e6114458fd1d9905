import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAccounts } from '../demo-accounts.js';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../test-support/test-app.js';

/**
 * Issue 32, item 2: a named user cannot be locked out by someone else. Guessing or a flood spread over many addresses
 * can spend the budgets every address shares (the account's ceiling, everyone's); a browser that signed in to the
 * account before keeps signing in (known-device.ts).
 */
const SIGN_IN = '/core-api/api/auth/sign-in/email';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureDemoAccounts(t.ctx.auth);
});
afterAll(async () => t?.close());

const signIn = (email: string, password: string, cookie?: string, remoteAddress = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url: SIGN_IN,
    remoteAddress,
    payload: { email, password, rememberMe: false },
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });
const knownCookie = (res: { headers: Record<string, unknown> }) =>
  [res.headers['set-cookie']]
    .flat()
    .map(String)
    .find((c) => c.startsWith('or_known_'))
    ?.split(';')[0];

/** Everyone's sign-in budget and the accounts' ceilings spent, as a flood over many addresses leaves them. */
const spendSharedBudgets = () =>
  sql`update rate_limit_window set hits = 1000000, ends_at = now() + interval '1 minute'
      where key like '%signin:all%' or key like '%signin:acct:%'`.execute(t.database.db);

describe('a browser known to the account', () => {
  it('is remembered by a signed, httpOnly cookie for the sign-in route only, after a successful sign-in', async () => {
    const wrong = await signIn('store@openrescue.test', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(knownCookie(wrong)).toBeUndefined();
    const ok = await signIn('store@openrescue.test', 'demo-store');
    expect(ok.statusCode).toBe(200);
    const line = [ok.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('or_known_'))!;
    expect(line).toMatch(/; Path=\/core-api\/api\/auth\/sign-in; HttpOnly; SameSite=Strict/);
  });

  it('keeps signing in when a flood from elsewhere spent the shared budgets; a new browser waits', async () => {
    const first = await signIn('store@openrescue.test', 'demo-store', undefined, '198.51.100.8');
    const cookie = knownCookie(first)!;
    const companyCookie = knownCookie(
      await signIn('company@openrescue.test', 'demo-company', undefined, '198.51.100.8'),
    )!;
    await spendSharedBudgets();

    const fresh = await signIn('store@openrescue.test', 'demo-store', undefined, '198.51.100.8');
    expect(fresh.statusCode).toBe(429);
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(0);

    const known = await signIn('store@openrescue.test', 'demo-store', cookie, '198.51.100.8');
    expect(known.statusCode, known.body).toBe(200);

    // Forged or another account's: not known.
    const [name, value] = cookie.split('=');
    const forged = `${name}=${'A'.repeat(43)}.${value.split('.')[1]}`;
    expect((await signIn('store@openrescue.test', 'demo-store', forged, '198.51.100.8')).statusCode).toBe(429);
    expect((await signIn('store@openrescue.test', 'demo-store', companyCookie, '198.51.100.8')).statusCode).toBe(429);
    const otherName = companyCookie.split('=')[0];
    expect(
      (await signIn('store@openrescue.test', 'demo-store', `${otherName}=${value}`, '198.51.100.8')).statusCode,
    ).toBe(429);
  });

  it("still keeps to its own address's budget: a known browser cannot be used to guess faster", async () => {
    const cookie = knownCookie(await signIn('setup@openrescue.test', 'demo-setup', undefined, '198.51.100.9'))!;
    const answers: number[] = [];
    for (let i = 0; i < 12; i += 1)
      answers.push((await signIn('setup@openrescue.test', 'wrong', cookie, '198.51.100.9')).statusCode);
    expect(answers).toContain(429);
  });
});
