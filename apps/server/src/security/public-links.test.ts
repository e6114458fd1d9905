import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DONATIONS,
  LOOKUPS,
  type LinkIds,
  linkIds,
  linkTk,
  monthly,
  poster,
  REFUSED,
  TOTALS,
} from '../test-support/fixtures/public-links.js';
import { rotateLink, signLinkClaims } from '../modules/public-links/public-links.service.js';
import { logLines } from '../test-support/log-lines.js';
import { buildTestApp, signIn, type TestApp } from '../test-support/test-app.js';

/**
 * Issue 9, suite 2, public links (OWASP API Top 10 2023 API1 object-level and API5 function-level authorization;
 * ASVS 5.0 level 2 V8 authorization, V9 self-contained tokens, V14 data protection): a token for store S1 opens S1's
 * report and poster and nothing else, read or write; a token the server did not sign as it is, or signed for an
 * older version of the link, opens nothing; the pages and answers are never cached nor named in a Referer; and no
 * token value reaches the log.
 */
let t: TestApp;
let webDist: string;
let ids: LinkIds;
let staff: { token: string; cookie: string };
let s1Tk: string;
const logs = logLines();
const secrets = new Set<string>();
const tally = { tried: 0, refused: 0 };

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'openrescue-links-web-'));
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({ WEB_DIST: webDist, LOG_LEVEL: 'debug' }, { logStream: logs.stream, demo: 2000 });
  staff = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
  secrets.add(staff.token).add('demo-staff');
  for (const pair of staff.cookie.split('; ')) secrets.add(pair.slice(pair.indexOf('=') + 1));
  ids = await linkIds(t.database);
  s1Tk = await linkTk(t.app, staff.token, 'store', ids.store);
  secrets.add(s1Tk);
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const bearer = (scope: string, tk: string) => {
  secrets.add(tk);
  return `Bearer ro.${scope}.${tk}`;
};
const s1 = () => bearer(`s_${ids.store}`, s1Tk);
const as = (authorization: string, url: string, method = 'GET') =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { authorization },
    ...(method === 'GET' ? {} : { payload: {} }),
  });

/** Each request must be refused (401 / 403 / 404 in the error shape, no data); counted for the figure line. */
async function expectRefused(authorization: string, requests: Array<string | [method: string, url: string]>) {
  const leaks: string[] = [];
  for (const entry of requests) {
    const [method, url] = typeof entry === 'string' ? ['GET', entry] : entry;
    const res = await as(authorization, url, method);
    tally.tried += 1;
    const shaped =
      res.headers['content-type']?.toString().startsWith('application/json') &&
      Object.keys(res.json()).sort().join() === 'detail,message,type';
    if (REFUSED.includes(res.statusCode) && shaped) tally.refused += 1;
    else leaks.push(`${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
  }
  expect(leaks).toEqual([]);
}

/** Every route of one kind, each id parameter filled with S1's id (the most tempting value) and then another store's. */
function routesWhere(keep: (method: string, access: string) => boolean): Array<[string, string]> {
  const requests = new Map<string, [string, string]>();
  for (const route of t.routes) {
    const access = String(route.options.config?.access);
    if (route.method === 'HEAD' || route.method === 'OPTIONS' || !keep(route.method, access)) continue;
    for (const id of [ids.store, ids.foreignStore]) {
      const url = route.url.replace(/:kind/g, 'store').replace(/:[A-Za-z_]+/g, String(id));
      requests.set(`${route.method} ${url}`, [route.method, url]);
    }
  }
  return [...requests.values()];
}

describe('a token for store S1', () => {
  it("opens S1's own report and poster (the token is good: what follows is refused for its scope, not its shape)", async () => {
    for (const url of [monthly('store', ids.store), poster(ids.store), `${TOTALS}?from_store_id=${ids.store}`]) {
      const res = await as(s1(), url);
      expect(res.statusCode, `${url} ${res.body.slice(0, 100)}`).toBe(200);
    }
  });

  it('gets nothing from another store S2, of the same company or another', async () => {
    await expectRefused(
      s1(),
      [ids.siblingStore, ids.foreignStore, 999_999].flatMap((id) => [
        monthly('store', id),
        monthly('store', id, '.xlsx'),
        poster(id),
        poster(id, '.pdf'),
        `/core-api/api/reports/stores/${id}`,
        `${TOTALS}?from_store_id=${id}`,
        `${DONATIONS}?from_store_id=${id}`,
        `${TOTALS}?from_store_id=${ids.store},${id}`,
      ]),
    );
  });

  it('gets nothing from a receiver R1, not even the one S1 gives to most', async () => {
    await expectRefused(
      s1(),
      [ids.receiver, ids.otherReceiver].flatMap((id) => [
        monthly('receiver', id),
        monthly('receiver', id, '.xlsx'),
        `/core-api/api/reports/receivers/${id}`,
        `${TOTALS}?receiver_id=${id}`,
        `${DONATIONS}?receiver_id=${id}`,
      ]),
    );
  });

  it("gets no company totals, not even S1's own company's, and no lookup list", async () => {
    await expectRefused(s1(), [
      `${TOTALS}?from_company_id=${ids.company}`,
      `${TOTALS}?from_company_id=${ids.foreignCompany}`,
      `${DONATIONS}?from_company_id=${ids.company}`,
      `/core-api/api/reports/companies/${ids.company}`,
      ...LOOKUPS,
    ]);
  });

  it('can write nothing: every route that changes something refuses it', async () => {
    const writes = routesWhere((method, access) => method !== 'GET' && access !== 'public');
    expect(writes.length).toBeGreaterThan(10);
    await expectRefused(s1(), writes);
  });

  it('reads nothing else: every other guarded route refuses it', async () => {
    const own = new Set(
      [
        monthly('store', ids.store),
        monthly('store', ids.store, '.xlsx'),
        poster(ids.store),
        poster(ids.store, '.pdf'),
      ].map((url) => url.split('?')[0]),
    );
    // The raw donation reads stay open, limited to S1 (the tests above try them with other objects).
    const reads = routesWhere((method, access) => method === 'GET' && !['public', 'docs'].includes(access)).filter(
      ([, url]) => !own.has(url) && url !== TOTALS && url !== DONATIONS,
    );
    expect(reads.length).toBeGreaterThan(20);
    await expectRefused(s1(), reads);
  });

  it('is not a user: not as an access token, nor as a session cookie, nor under another scope', async () => {
    const url = monthly('store', ids.store);
    await expectRefused(`Bearer ${s1Tk}`, [url]);
    await expectRefused(`Bearer ro.${s1Tk}`, [url]);
    await expectRefused(bearer(`s_${ids.siblingStore}`, s1Tk), [monthly('store', ids.siblingStore)]);
    await expectRefused(bearer(`r_${ids.store}`, s1Tk), [monthly('receiver', ids.store)]);
    await expectRefused(bearer(`s_0${ids.store}`, s1Tk), [url]);
    const asCookie = await t.app.inject({
      method: 'GET',
      url,
      headers: { cookie: `better-auth.session_token=${s1Tk}` },
    });
    expect(asCookie.statusCode).toBe(401);
  });
});

describe('a link token the server did not sign as it stands', () => {
  const [header, payload, signature] = [0, 1, 2].map((i) => () => s1Tk.split('.')[i]);
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const refusedWith = (tk: string) => expectRefused(bearer(`s_${ids.store}`, tk), [monthly('store', ids.store)]);

  it('is refused when tampered: its signature, its scope, its version or its header changed', async () => {
    const sig = signature();
    await refusedWith(`${header()}.${payload()}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`);
    await refusedWith(`${header()}.${encode({ scope: `s_${ids.siblingStore}`, v: 1 })}.${sig}`);
    await refusedWith(`${header()}.${encode({ scope: `s_${ids.store}`, v: 2 })}.${sig}`);
    await refusedWith(`${encode({ alg: 'HS512', typ: 'JWT' })}.${payload()}.${sig}`);
    await refusedWith(`${header()}.${payload()}.`);
  });

  it('is refused unsigned (alg: none), or signed with the right key under another algorithm', async () => {
    const claims = { scope: `s_${ids.store}`, v: 1 };
    await refusedWith(`${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`);
    await refusedWith(`${encode({ alg: 'none' })}.${encode(claims)}.${signature()}`);
    await refusedWith(await signLinkClaims(t.ctx, claims, 'HS512'));
  });

  it('is refused once expired, though signed with the right key', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const control = await signLinkClaims(t.ctx, { scope: `s_${ids.store}`, v: 1, exp: past + 3600 });
    expect((await as(bearer(`s_${ids.store}`, control), monthly('store', ids.store))).statusCode).toBe(200);
    await refusedWith(await signLinkClaims(t.ctx, { scope: `s_${ids.store}`, v: 1, exp: past }));
    await refusedWith(await signLinkClaims(t.ctx, { scope: `s_${ids.store}`, v: 1, nbf: past + 3600 }));
  });

  it('is refused once the link is rotated; the new link works', async () => {
    const before = await linkTk(t.app, staff.token, 'store', ids.siblingStore);
    const url = monthly('store', ids.siblingStore);
    expect((await as(bearer(`s_${ids.siblingStore}`, before), url)).statusCode).toBe(200);
    const rotated = new URL((await rotateLink(t.ctx, 'store', ids.siblingStore, async () => {})).url).searchParams.get(
      'tk',
    )!;
    await expectRefused(bearer(`s_${ids.siblingStore}`, before), [url, poster(ids.siblingStore)]);
    expect((await as(bearer(`s_${ids.siblingStore}`, rotated), url)).statusCode).toBe(200);
  });
});

describe('public report pages and their answers', () => {
  const expectPrivate = (res: { headers: Record<string, unknown> }, what: string) => {
    expect(res.headers['referrer-policy'], what).toBe('no-referrer');
    expect(String(res.headers['cache-control']).split(/,\s*/), what).toContain('no-store');
  };

  it('the report and poster pages send Referrer-Policy: no-referrer and Cache-Control: no-store', async () => {
    const receiverTk = await linkTk(t.app, staff.token, 'receiver', ids.receiver);
    secrets.add(receiverTk);
    for (const url of [
      `/public/store/${ids.store}/reports?tk=${s1Tk}`,
      `/public/store/${ids.store}/posters?tk=${s1Tk}&month=2025-01`,
      `/public/charity/${ids.receiver}/reports?tk=${receiverTk}`,
      `/public/store/${ids.store}/reports/?tk=${s1Tk}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectPrivate(res, url);
    }
  });

  it('so do the answers a link gets, documents and refusals included', async () => {
    const receiver = bearer(`r_${ids.receiver}`, await linkTk(t.app, staff.token, 'receiver', ids.receiver));
    const answers = [
      [s1(), monthly('store', ids.store)],
      [s1(), monthly('store', ids.store, '.xlsx')],
      [s1(), poster(ids.store)],
      [s1(), poster(ids.store, '.pdf')],
      [s1(), `${TOTALS}?from_store_id=${ids.store}`],
      [receiver, monthly('receiver', ids.receiver)],
      [s1(), monthly('store', ids.foreignStore)],
      [bearer(`s_${ids.store}`, `${s1Tk}x`), monthly('store', ids.store)],
    ];
    for (const [authorization, url] of answers) expectPrivate(await as(authorization, url), url);
  });
});

describe('the log of the run', () => {
  it('holds no token value: no link token, access token, cookie or password', () => {
    const leaks = logs.leaks([...secrets].filter((s) => s.length >= 8));
    expect(logs.lines.length).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
    console.log(
      `public links: ${tally.refused} refused of ${tally.tried}, ${leaks.length} token values (of ${secrets.size}) ` +
        `in ${logs.lines.length.toLocaleString('en')} log lines`,
    );
  });
});
