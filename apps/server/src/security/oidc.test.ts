import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logLines } from '../test-support/log-lines.js';
import { oidcBrowser } from '../test-support/oidc-browser.js';
import { type OidcClient, type RunningProvider, startOidcProvider } from '../test-support/oidc-provider.js';
import { buildTestApp, type TestApp } from '../test-support/test-app.js';

/**
 * Issue 9, suite 3, the OpenID Connect sign-in (ASVS 5.0 level 2 V10.5 OIDC client, V6.8 identity providers;
 * OpenID Connect Core 3.1.3.7, Discovery 4.3): against a real provider (oidc-provider, in this process), the
 * social sign-in refuses a wrong issuer, a wrong audience, a wrong nonce and a replayed code. Each refusal is
 * checked against a control sign-in that differs from it in that one thing.
 */
const APP = 'http://localhost:8080'; // buildTestApp's origin
const CALLBACK = `${APP}/core-api/api/auth/callback/oidc`;
const CLIENT: OidcClient = {
  client_id: 'openrescue',
  client_secret: 'openrescue-client-secret-7d1f',
  redirect_uris: [CALLBACK],
};
const OTHER: OidcClient = {
  client_id: 'other-app',
  client_secret: 'other-app-client-secret-4b2e',
  redirect_uris: [CALLBACK],
};

let idp: RunningProvider;
let rogue: RunningProvider;
let t: TestApp;
const logs = logLines();
const secrets = new Set<string>([CLIENT.client_secret, OTHER.client_secret]);
const refused: Record<'issuer' | 'audience' | 'nonce' | 'replay', number> = {
  issuer: 0,
  audience: 0,
  nonce: 0,
  replay: 0,
};

const appEnv = (issuer: string) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: CLIENT.client_id,
  OIDC_CLIENT_SECRET: CLIENT.client_secret,
});

beforeAll(async () => {
  idp = await startOidcProvider([CLIENT, OTHER]);
  // Another issuer, where our client id is registered too (an attacker's provider, or a mixed-up tenant).
  rogue = await startOidcProvider([CLIENT]);
  t = await buildTestApp({ ...appEnv(idp.issuer), LOG_LEVEL: 'debug' }, { logStream: logs.stream });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await rogue?.close();
});

/** Starts a sign-in as the login page does; returns the provider address the browser is sent to. */
async function startSignIn(browser: ReturnType<typeof oidcBrowser>) {
  const res = await browser.visit(`${APP}/core-api/api/auth/sign-in/social`, {
    json: { provider: 'oidc', callbackURL: `${APP}/login?social=1`, errorCallbackURL: `${APP}/login?social=error` },
  });
  expect(res.status, res.body).toBe(200);
  return JSON.parse(res.body).url as string;
}

/** Delivers the provider's redirect to our callback: signed in, or sent to the error address with no session. */
async function deliver(browser: ReturnType<typeof oidcBrowser>, callbackUrl: string) {
  const url = new URL(callbackUrl);
  for (const key of ['code', 'state']) if (url.searchParams.get(key)) secrets.add(url.searchParams.get(key)!);
  const res = await browser.visit(callbackUrl);
  const signedIn = res.status === 302 && res.location === `${APP}/login?social=1` && browser.hasSession();
  return { signedIn, res };
}

function expectRefused(
  outcome: { signedIn: boolean; res: { status: number; location: string | null } },
  browser: ReturnType<typeof oidcBrowser>,
) {
  expect(outcome.signedIn).toBe(false);
  expect(browser.hasSession()).toBe(false);
  // to the sign-in page's error address, or the auth library's own error page when the browser never started this sign-in
  expect(outcome.res.status === 302 ? outcome.res.location : String(outcome.res.status)).toMatch(/[?&]error=|^4\d\d$/);
}

const withParam = (url: string, key: string, value: string | null) => {
  const u = new URL(url);
  if (value === null) u.searchParams.delete(key);
  else u.searchParams.set(key, value);
  return u.href;
};

/** An ID token from `provider` for `client`, got the way that client would (code flow, PKCE, its own secret). */
async function idTokenFor(provider: RunningProvider, client: OidcClient, nonce: string) {
  const verifier = randomBytes(32).toString('base64url');
  const auth = new URL(`${provider.issuer}/auth`);
  for (const [key, value] of Object.entries({
    client_id: client.client_id,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: CALLBACK,
    state: randomBytes(12).toString('base64url'),
    nonce,
    code_challenge_method: 'S256',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
  }))
    auth.searchParams.set(key, value);
  const code = new URL(await oidcBrowser(t.app, APP).authorize(auth.href)).searchParams.get('code')!;
  secrets.add(code);
  const res = await fetch(`${provider.issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await res.json()) as { id_token?: string };
  if (!body.id_token) throw new Error(`no ID token: ${JSON.stringify(body)}`);
  secrets.add(body.id_token);
  return body.id_token;
}

/** Posts an ID token to the auth library's ID-token sign-in (the mobile-app path the web app never uses) and expects
 * no session and a refusal. */
async function expectIdTokenRefused(token: string, nonce: string) {
  const browser = oidcBrowser(t.app, APP);
  const res = await browser.visit(`${APP}/core-api/api/auth/sign-in/social`, {
    json: { provider: 'oidc', idToken: { token, nonce }, callbackURL: `${APP}/login?social=1` },
  });
  expect(res.status === 200 && browser.hasSession()).toBe(false);
  expect(res.status).toBeGreaterThanOrEqual(400);
}

describe('the OpenID Connect sign-in', () => {
  it('signs a person in through the real provider (the control every refusal below differs from in one thing)', async () => {
    const browser = oidcBrowser(t.app, APP);
    const outcome = await deliver(browser, await browser.authorize(await startSignIn(browser)));
    expect(outcome.signedIn, `${outcome.res.status} ${outcome.res.location}`).toBe(true);
    const token = await browser.visit(`${APP}/core-api/api/session/token`, { method: 'POST' });
    expect(token.status).toBe(200);
    expect(JSON.parse(token.body).user.email).toBe('river@oidc.example.org');
    secrets.add(JSON.parse(token.body).token);
  });
});

describe('a wrong issuer', () => {
  it("is refused when the provider's discovery document names another issuer than the one configured", async () => {
    // The same provider reached as 127.0.0.1: its document says it is localhost, which is not what we were told.
    const misnamed = await buildTestApp(appEnv(idp.issuer.replace('localhost', '127.0.0.1')));
    try {
      const res = await misnamed.app.inject({
        method: 'POST',
        url: '/core-api/api/auth/sign-in/social',
        headers: { origin: APP },
        payload: { provider: 'oidc', callbackURL: `${APP}/login?social=1` },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toContain(idp.issuer);
      refused.issuer += 1;
    } finally {
      await misnamed.close();
    }
  });

  it('is refused when the answer names another issuer (mix-up: the iss parameter)', async () => {
    const browser = oidcBrowser(t.app, APP);
    const back = await browser.authorize(await startSignIn(browser));
    expect(new URL(back).searchParams.get('iss')).toBe(idp.issuer);
    expectRefused(await deliver(browser, withParam(back, 'iss', rogue.issuer)), browser);
    refused.issuer += 1;
  });

  it('is refused when the code comes from another provider', async () => {
    const browser = oidcBrowser(t.app, APP);
    const toRogue = (await startSignIn(browser)).replace(idp.issuer, rogue.issuer);
    const back = await browser.authorize(toRogue);
    expectRefused(await deliver(browser, withParam(back, 'iss', null)), browser);
    refused.issuer += 1;
  });

  it('is refused as an ID token from another provider', async () => {
    const nonce = randomBytes(12).toString('base64url');
    const token = await idTokenFor(rogue, CLIENT, nonce);
    expect(decodeJwt(token)).toMatchObject({ iss: rogue.issuer, aud: CLIENT.client_id });
    await expectIdTokenRefused(token, nonce);
    refused.issuer += 1;
  });
});

describe('a wrong audience', () => {
  it('is refused when the code was issued to another client', async () => {
    const browser = oidcBrowser(t.app, APP);
    const back = await browser.authorize(withParam(await startSignIn(browser), 'client_id', OTHER.client_id));
    expectRefused(await deliver(browser, back), browser);
    refused.audience += 1;
  });

  it('is refused as an ID token issued to another client', async () => {
    const nonce = randomBytes(12).toString('base64url');
    const token = await idTokenFor(idp, OTHER, nonce);
    expect(decodeJwt(token)).toMatchObject({ iss: idp.issuer, aud: OTHER.client_id });
    await expectIdTokenRefused(token, nonce);
    refused.audience += 1;
  });
});

describe('a wrong nonce', () => {
  it('is refused when the ID token answers another nonce than the one this sign-in sent', async () => {
    const browser = oidcBrowser(t.app, APP);
    const back = await browser.authorize(
      withParam(await startSignIn(browser), 'nonce', randomBytes(12).toString('base64url')),
    );
    expectRefused(await deliver(browser, back), browser);
    refused.nonce += 1;
  });

  it('is refused when a genuine ID token of ours is posted with its own nonce (a replayed token)', async () => {
    const row = await t.database.db
      .selectFrom('account')
      .select('idToken')
      .where('providerId', '=', 'oidc')
      .executeTakeFirstOrThrow();
    const token = row.idToken!;
    secrets.add(token);
    expect(decodeJwt(token)).toMatchObject({ iss: idp.issuer, aud: CLIENT.client_id });
    await expectIdTokenRefused(token, String(decodeJwt(token).nonce));
    refused.nonce += 1;
  });
});

describe('a replayed code', () => {
  it('is refused the second time the same answer arrives, and makes no second session', async () => {
    const browser = oidcBrowser(t.app, APP);
    const back = await browser.authorize(await startSignIn(browser));
    expect((await deliver(browser, back)).signedIn).toBe(true);
    const sessions = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('session')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await sessions();
    const again = oidcBrowser(t.app, APP);
    expectRefused(await deliver(again, back), again);
    const replay = await browser.visit(back);
    expect(replay.location).toMatch(/[?&]error=/);
    expect(await sessions()).toBe(before);
    refused.replay += 2;
  });

  it('is refused inside another sign-in', async () => {
    const victim = oidcBrowser(t.app, APP);
    const used = await victim.authorize(await startSignIn(victim));
    expect((await deliver(victim, used)).signedIn).toBe(true);
    const attacker = oidcBrowser(t.app, APP);
    const ownState = new URL(await startSignIn(attacker)).searchParams.get('state')!;
    expectRefused(await deliver(attacker, withParam(used, 'state', ownState)), attacker);
    refused.replay += 1;
  });
});

describe('the log of the run', () => {
  it('holds no code, state, ID token, access token or client secret', () => {
    const leaks = logs.leaks([...secrets].filter((s) => s.length >= 8));
    expect(leaks).toEqual([]);
    const total = Object.values(refused).reduce((a, b) => a + b, 0);
    console.log(
      `oidc: control sign-in accepted, ${total} forged or replayed sign-ins refused (wrong issuer ${refused.issuer}, wrong audience ${refused.audience}, ` +
        `wrong nonce ${refused.nonce}, replayed code ${refused.replay}), ${leaks.length} codes or tokens in ${logs.lines.length.toLocaleString('en')} log lines`,
    );
  });
});
