import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { ensureNode24, NODE24_VERSION } from '../../../../scripts/node24.mjs';
import { CHAIN_RECHECK_MS } from '../auth/chain-liveness.js';
import { type ServerProcess, staffToken, startServer } from '../test-support/processes/server-process.js';

/**
 * The built server on Node 24 LTS, what people deploy (this machine runs Node 20): `dist/main.js` started as
 * `npm start` starts it, on a fresh embedded database with demo data, then the calls a first visit makes:
 * health, the sign-in page, sign-in, a token, the client's figures, a PDF and a spreadsheet from the render
 * threads, bad input, sign-out. Needs the server and web builds (`npm test` makes them first).
 */
let server: ServerProcess;
let BASE = '';
let dataDir = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'openrescue-node24-'));
  // As deployed: production, with the company report's thread prepared at start.
  const env = { DATA_DIR: dataDir, DEMO_DONATIONS: '3000', NODE_ENV: 'production', RENDER_THREAD_PREPARED: 'true' };
  server = await startServer(env, 150_000, [], ensureNode24());
  BASE = server.base;
});

afterEach(({ task }) => {
  if (task.result?.state === 'fail') console.log(`the server's output:\n${server?.output()}`);
});

afterAll(async () => {
  await server?.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser's request: its own origin on unsafe methods, the session cookie once it has one. */
async function call(path: string, init: { method?: string; body?: unknown; cookie?: string; token?: string } = {}) {
  const headers: Record<string, string> = { origin: BASE };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  for (let attempt = 1; ; attempt += 1) {
    const res = await fetch(`${BASE}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    // A busy machine (the browser tests run beside this) may shed load: a client honours Retry-After, twice.
    const retryAfter = Number(res.headers.get('retry-after') ?? 0);
    if (res.status === 503 && retryAfter > 0 && attempt < 3) {
      await new Promise((r) => setTimeout(r, retryAfter * 1000));
      continue;
    }
    if (res.status >= 500) console.log(`${path}: ${res.status} ${await res.clone().text()}`);
    return res;
  }
}

/** The cookies a browser holds after `res`: what it set replaces what it had, an emptied one is dropped. */
function cookieOf(res: Response, had = '') {
  const jar = new Map(had ? had.split('; ').map((c) => [c.split('=')[0], c] as const) : []);
  for (const set of res.headers.getSetCookie()) {
    const pair = set.split(';')[0];
    const name = pair.split('=')[0];
    if (/max-age=0/i.test(set)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

describe(`the built server on Node ${NODE24_VERSION}`, () => {
  let cookie = '';
  let token = '';

  it('runs on Node 24 and reports itself ready', async () => {
    expect(server.output()).not.toMatch(/ExperimentalWarning|DeprecationWarning|Error/);
    const health = await call('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ready: true });
    expect((await call('/health/ready')).status).toBe(200);
  });

  it('serves the sign-in page rendered on the server (by a worker thread, soon after start)', async () => {
    let page = '';
    for (const deadline = Date.now() + 30_000; !page.includes('Log in') && Date.now() < deadline;) {
      const login = await call('/login');
      expect(login.status).toBe(200);
      page = await login.text();
      if (!page.includes('Log in')) await new Promise((r) => setTimeout(r, 250));
    }
    expect(page).toContain('Log in');
    const config = await call('/core-api/api/config');
    expect(config.status).toBe(200);
  });

  it('signs the store user in and mints an access token; a wrong password is refused', async () => {
    const wrong = await call('/core-api/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: 'store@openrescue.test', password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    const signIn = await call('/core-api/api/auth/sign-in/email', {
      method: 'POST',
      body: { email: 'store@openrescue.test', password: 'demo-store', rememberMe: false },
    });
    expect(signIn.status).toBe(200);
    cookie = cookieOf(signIn);
    const minted = await call('/core-api/api/session/token', { method: 'POST', cookie });
    expect(minted.status).toBe(200);
    cookie = cookieOf(minted, cookie);
    token = ((await minted.json()) as { token: string }).token;
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it("answers the client's figures, its poster as a PDF and refuses bad input", async () => {
    const me = await call('/core-api/api/clients/company_user', { token });
    expect(me.status).toBe(200);
    const totals = await call('/core-api/api/retail/reports/donation_totals?annotate_metrics=true', { token });
    expect(totals.status).toBe(200);
    const rows = ((await totals.json()) as { results: { weight_kg?: number }[] }).results;
    expect(rows.length).toBeGreaterThan(0);
    const stores = await call('/core-api/api/retail/stores', { token });
    const storeId = ((await stores.json()) as { results: { id: number }[] }).results[0].id;
    const pdf = await call(`/core-api/api/reports/poster/${storeId}.pdf`, { token });
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const bad = await call('/core-api/api/retail/reports/donation_totals?page_size=many', { token });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ type: 'validation_error' });
  });

  it('gives staff a spreadsheet from the render thread', async () => {
    const staff = await staffToken(BASE);
    const xlsx = await call('/core-api/api/retail/stipend-report.xlsx', { token: staff });
    expect(xlsx.status).toBe(200);
    // An .xlsx is a zip: it starts with PK.
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('ends the session on sign-out: its cookie no longer mints tokens', async () => {
    const out = await call('/core-api/api/auth/sign-out', { method: 'POST', cookie, body: {} });
    expect(out.status).toBe(200);
    // A session's liveness is trusted from memory for CHAIN_RECHECK_MS (decision 0025).
    let status = 0;
    for (const deadline = Date.now() + CHAIN_RECHECK_MS + 2_000; Date.now() < deadline;) {
      status = (await call('/core-api/api/session/token', { method: 'POST', cookie })).status;
      if (status === 401) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(status).toBe(401);
  });
});
