import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oidcBrowser } from '../../test-support/oidc-browser.js';
import { type OidcClient, type RunningProvider, startOidcProvider } from '../../test-support/oidc-provider.js';
import { buildTestApp, signIn, TEST_ORIGIN, type TestApp } from '../../test-support/test-app.js';

/**
 * An invited charity user signs in with the OpenID Connect provider instead of setting a password (issue 37 section
 * 1, decision 0066), against a real provider (oidc-provider, in this process): the provider's verified address links
 * to the invited account, which then reads its receivers only. An unverified address, or an address nobody invited,
 * gets no charity access.
 */
const CALLBACK = `${TEST_ORIGIN}/core-api/api/auth/callback/oidc`;
const CLIENT: OidcClient = {
  client_id: 'openrescue',
  client_secret: 'openrescue-client-secret-5c2a',
  redirect_uris: [CALLBACK],
};

let idp: RunningProvider;
let t: TestApp;
let staff: Record<string, string>;
/** The invited person's receiver, and another charity's. */
let mine: number;
let other: number;

beforeAll(async () => {
  idp = await startOidcProvider([CLIENT]);
  t = await buildTestApp(
    { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: CLIENT.client_id, OIDC_CLIENT_SECRET: CLIENT.client_secret },
    { demo: 1000 },
  );
  staff = { authorization: `Bearer ${(await signIn(t.app, 'staff@openrescue.test', 'demo-staff')).token}` };
  const { rows } = await sql<{ id: number }>`select receiver_id as id from donation group by 1
    order by count(*) desc, 1 limit 2`.execute(t.database.db);
  [mine, other] = rows.map((r) => Number(r.id));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

/** Staff invite `${login}@oidc.example.org` to `mine` from the receiver's panel (the invitation mail is queued). */
async function invite(login: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/ops-api/receiver-users',
    headers: staff,
    payload: { email: `${login}@oidc.example.org`, name: `Invited ${login}`, receiver_ids: [mine] },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/**
 * The sign-in page's provider button, as `login` at the provider: the bearer header of the session it ends in, or
 * null when the app sent the browser back to the sign-in page with an error and no session.
 */
async function signInWithProvider(login: string): Promise<Record<string, string> | null> {
  const browser = oidcBrowser(t.app, TEST_ORIGIN);
  const start = await browser.visit(`${TEST_ORIGIN}/core-api/api/auth/sign-in/social`, {
    json: {
      provider: 'oidc',
      callbackURL: `${TEST_ORIGIN}/login?social=1`,
      errorCallbackURL: `${TEST_ORIGIN}/login?social=error`,
    },
  });
  expect(start.status, start.body).toBe(200);
  const back = await browser.visit(await browser.authorize(JSON.parse(start.body).url as string, login));
  if (!(back.status === 302 && back.location === `${TEST_ORIGIN}/login?social=1` && browser.hasSession())) {
    expect(browser.hasSession()).toBe(false);
    expect(back.location ?? '').toMatch(/[?&]error=/);
    return null;
  }
  const token = await browser.visit(`${TEST_ORIGIN}/core-api/api/session/token`, { method: 'POST' });
  expect(token.status, token.body).toBe(200);
  const body = JSON.parse(token.body) as { token: string; user: { email: string } };
  expect(body.user.email).toBe(`${login}@oidc.example.org`);
  return { authorization: `Bearer ${body.token}` };
}

const oidcAccounts = async (email: string) =>
  (
    await sql<{ n: number }>`select count(*)::int as n from account a join "user" u on u.id = a."userId"
      where u.email = ${email} and a."providerId" = 'oidc'`.execute(t.database.db)
  ).rows[0].n;

describe('an invited charity user signing in with the OpenID Connect provider', () => {
  it('lands on its charity: its own record and receiver, the verified address linked, nothing of another charity', async () => {
    const id = await invite('dana');
    const charity = await signInWithProvider('dana');
    expect(charity).not.toBeNull();
    expect(await oidcAccounts('dana@oidc.example.org')).toBe(1);
    // What the web app asks to choose the charity dashboard: its record, its one receiver with its public link.
    const me = await get('/core-api/api/clients/receiver_user', charity!);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().results).toHaveLength(1);
    expect(me.json().results[0]).toMatchObject({ id, email: 'dana@oidc.example.org' });
    expect(me.json().results[0].receivers.map((r: { id: number }) => r.id)).toEqual([mine]);
    // Its receiver's figures; another charity's receiver answers like a missing one.
    const totals = await get('/core-api/api/retail/reports/donation_totals?annotate=receiver_id', charity!);
    expect(totals.statusCode, totals.body).toBe(200);
    expect(totals.json().results.map((r: { receiver_id: number }) => r.receiver_id)).toEqual([mine]);
    expect((await get(`/core-api/api/reports/monthly/receiver/${mine}`, charity!)).statusCode).toBe(200);
    const foreign = await get(`/core-api/api/reports/monthly/receiver/${other}`, charity!);
    const missing = await get('/core-api/api/reports/monthly/receiver/999999', charity!);
    expect([foreign.statusCode, missing.statusCode]).toEqual([404, 404]);
    // Staff see that the person signed in.
    const list = await get(`/ops-api/receiver-users?receiver_id=${mine}`, staff);
    const dana = list.json().results.find((u: { id: number }) => u.id === id);
    expect(dana).toMatchObject({ signed_in: true, invitation: { state: 'accepted' } });
    // A second sign-in finds the same account.
    const again = await signInWithProvider('dana');
    expect((await get('/core-api/api/clients/receiver_user', again!)).json().results[0].id).toBe(id);
    expect(await oidcAccounts('dana@oidc.example.org')).toBe(1);
  });

  it('an invitation link still in the mailbox opens nothing once its person has signed in with the provider', async () => {
    const id = await invite('sam');
    // A link of known value, as the mail would carry it (the mailed one's token is stored hashed only).
    const token = 's'.repeat(43);
    await t.database.db
      .insertInto('receiver_user_invitation')
      .values({
        receiver_user_id: id,
        token_hash: createHash('sha256').update(token).digest('hex'),
        expires_at: new Date(Date.now() + 86_400_000),
      })
      .execute();
    const invitation = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/core-api/api/invitations/${path}`, payload });
    expect((await invitation('check', { token })).statusCode).toBe(200);
    expect(await signInWithProvider('sam')).not.toBeNull();
    expect((await invitation('check', { token })).statusCode).toBe(404);
    const accept = await invitation('accept', { token, password: 'taken-over-1' });
    expect(accept.statusCode).toBe(404);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from account a join "user" u
      on u.id = a."userId" where u.email = 'sam@oidc.example.org' and a."providerId" = 'credential'`.execute(
      t.database.db,
    );
    expect(rows[0].n).toBe(0);
  });

  it('an invited address the provider does not verify gets no session and no link', async () => {
    await invite('unverified.lee');
    expect(await signInWithProvider('unverified.lee')).toBeNull();
    expect(await oidcAccounts('unverified.lee@oidc.example.org')).toBe(0);
    const list = await get(`/ops-api/receiver-users?receiver_id=${mine}`, staff);
    const lee = list.json().results.find((u: { email: string }) => u.email === 'unverified.lee@oidc.example.org');
    expect(lee).toMatchObject({ signed_in: false, invitation: { state: 'pending' } });
  });

  it('an address nobody invited gets no charity record and no receiver data', async () => {
    const stranger = await signInWithProvider('stranger');
    // The provider may make it an account, but not a charity user: nothing of any receiver answers.
    if (stranger) {
      expect((await get('/core-api/api/clients/receiver_user', stranger)).json()).toEqual({ count: 0, results: [] });
      // A signed-in user with no role: refused (403), as a company user of no store would be.
      expect((await get(`/core-api/api/reports/monthly/receiver/${mine}`, stranger)).statusCode).toBe(403);
      const totals = await get('/core-api/api/retail/reports/donation_totals?annotate=receiver_id', stranger);
      expect(totals.statusCode === 200 ? totals.json().results : []).toEqual([]);
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from receiver_user r join "user" u
      on u.id = r.user_id where u.email = 'stranger@oidc.example.org'`.execute(t.database.db);
    expect(rows[0].n).toBe(0);
  });
});
