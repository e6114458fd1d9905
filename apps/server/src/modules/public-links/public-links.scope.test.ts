import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemo } from '../../demo-setup.js';
import { buildTestApp, signIn, type TestApp } from '../../test-support/test-app.js';

/**
 * Token scope of the read-only public links (DESIGN.md "Public links", spec 2.9 / 6 "Signed out"): a link opens its
 * own receiver's charity report or its own store's report and poster, and nothing else. Everything else answers
 * like a missing object (401 / 403 / 404), never with data.
 */
let t: TestApp;
let staffToken: string;
let ids: {
  store: number; company: number; siblingStore: number; foreignStore: number; foreignCompany: number;
  receiver: number; otherReceiver: number; receiverStore: number;
};
let storeBearer: string;
let receiverBearer: string;
const MONTH = '2025-01-01';
const REFUSED = [401, 403, 404];

const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(t.database.db)).rows[0];
const tkOf = (url: string) => new URL(url).searchParams.get('tk')!;

beforeAll(async () => {
  t = await buildTestApp();
  await prepareDemo(t.ctx, 2000, () => {});
  staffToken = (await signIn(t.app, 'staff@openrescue.test', 'demo-staff')).token;
  // The busiest store-receiver pair, so both reports have rows.
  const busy = await one(sql<{ store_id: number; receiver_id: number }>`select store_id, receiver_id from donation
    group by 1, 2 order by count(*) desc, 1, 2 limit 1`);
  const store = Number(busy.store_id);
  const receiver = Number(busy.receiver_id);
  const company = Number((await one(sql<{ c: number }>`select company_id as c from store where id = ${store}`)).c);
  const sibling = await one(sql<{ id: number }>`select min(id) as id from store where company_id = ${company} and id <> ${store}`);
  const foreign = await one(sql<{ id: number; company_id: number }>`select id, company_id from store
    where company_id <> ${company} order by id limit 1`);
  const otherReceiver = await one(sql<{ id: number }>`select min(id) as id from receiver r where not exists
    (select 1 from store_receiver sr where sr.receiver_id = r.id and sr.store_id = ${store})`);
  const receiverStore = await one(sql<{ id: number }>`select min(store_id) as id from store_receiver
    where receiver_id = ${receiver} and store_id <> ${store}`);
  ids = {
    store, company, receiver,
    siblingStore: Number(sibling.id ?? foreign.id),
    foreignStore: Number(foreign.id), foreignCompany: Number(foreign.company_id),
    otherReceiver: Number(otherReceiver.id),
    receiverStore: Number(receiverStore.id ?? foreign.id),
  };
  const link = async (kind: 'store' | 'receiver', id: number) => {
    const res = await t.app.inject({ method: 'GET', url: `/ops-api/public-links/${kind}/${id}`, headers: { authorization: `Bearer ${staffToken}` } });
    expect(res.statusCode, res.body).toBe(200);
    return tkOf(res.json().url);
  };
  storeBearer = `Bearer ro.s_${store}.${await link('store', store)}`;
  receiverBearer = `Bearer ro.r_${receiver}.${await link('receiver', receiver)}`;
});
afterAll(async () => t?.close());

const as = (authorization: string, url: string, method = 'GET') =>
  t.app.inject({ method: method as 'GET', url, headers: { authorization }, ...(method === 'GET' ? {} : { payload: {} }) });
const monthly = (kind: 'store' | 'receiver', id: number, ext = '') => `/core-api/api/reports/monthly/${kind}/${id}${ext}?month=${MONTH}`;
const poster = (id: number, ext = '') => `/core-api/api/reports/poster/${id}${ext}?month=${MONTH}`;
const TOTALS = '/core-api/api/retail/reports/donation_totals';
const DONATIONS = '/core-api/api/retail/reports/donations';
const LOOKUPS = [
  '/core-api/api/companies', '/core-api/api/receivers', '/core-api/api/stores', '/core-api/api/reasons',
  '/core-api/api/retail/stores?expand=receivers', '/core-api/api/retail/receivers?expand=store_set',
  '/core-api/api/reports/stores',
];

async function expectRefused(authorization: string, urls: string[], method = 'GET') {
  const leaks: string[] = [];
  for (const url of urls) {
    const res = await as(authorization, url, method);
    if (!REFUSED.includes(res.statusCode)) leaks.push(`${method} ${url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    else expect(Object.keys(res.json()).sort(), url).toEqual(['detail', 'message', 'type']);
  }
  expect(leaks).toEqual([]);
}

describe('a store link', () => {
  it("opens its own store's report, spreadsheet, poster and poster PDF", async () => {
    const report = await as(storeBearer, monthly('store', ids.store));
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().heading).toMatchObject({ kind: 'store' });
    expect(report.json().money_saved_visible).toBe(false);
    const xlsx = await as(storeBearer, monthly('store', ids.store, '.xlsx'));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const card = await as(storeBearer, poster(ids.store));
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().store.id).toBe(ids.store);
    // The QR code carries the store's own link, never another one.
    expect(card.json().public_report_url).toContain(`/public/store/${ids.store}/reports?tk=`);
    const pdf = await as(storeBearer, poster(ids.store, '.pdf'));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('opens no other store, in the same company or another', async () => {
    const others = [ids.siblingStore, ids.foreignStore, 999_999];
    await expectRefused(storeBearer, others.flatMap((id) => [
      monthly('store', id), monthly('store', id, '.xlsx'), poster(id), poster(id, '.pdf'), `/core-api/api/reports/stores/${id}`,
      `${TOTALS}?from_store_id=${id}`, `${DONATIONS}?from_store_id=${id}`,
    ]));
  });

  it("opens no receiver's report, not even one its store donates to", async () => {
    await expectRefused(storeBearer, [ids.receiver, ids.otherReceiver].flatMap((id) => [
      monthly('receiver', id), monthly('receiver', id, '.xlsx'), `/core-api/api/reports/receivers/${id}`,
      `${TOTALS}?receiver_id=${id}`,
    ]));
  });

  it('opens no company totals and no lookup list', async () => {
    await expectRefused(storeBearer, [
      `${TOTALS}?from_company_id=${ids.company}`, `${TOTALS}?from_company_id=${ids.foreignCompany}`,
      `${DONATIONS}?from_company_id=${ids.company}`, ...LOOKUPS,
    ]);
  });

  it('is refused by every other route, read or write', async () => {
    const own = new Set([
      `GET /core-api/api/reports/monthly/store/${ids.store}`, `GET /core-api/api/reports/monthly/store/${ids.store}.xlsx`,
      `GET /core-api/api/reports/poster/${ids.store}`, `GET /core-api/api/reports/poster/${ids.store}.pdf`,
      // The raw donation reads stay open, limited to the link's own store (checked in public-links.test.ts).
      'GET /core-api/api/retail/reports/donation_totals', 'GET /core-api/api/retail/reports/donations',
    ]);
    const unguarded = new Set(['public', 'integration', 'docs']);
    const tried: string[] = [];
    const leaks: string[] = [];
    for (const route of t.routes) {
      if (route.method === 'HEAD' || route.method === 'OPTIONS') continue;
      if (unguarded.has(String(route.options.config?.access))) continue;
      // Every id parameter gets the link's own store id (the most tempting value), then another store's.
      for (const id of [ids.store, ids.foreignStore]) {
        const url = route.url.replace(/:kind/g, 'store').replace(/:[A-Za-z_]+/g, String(id));
        const key = `${route.method} ${url}`;
        if (own.has(key)) continue;
        tried.push(key);
        const res = await as(storeBearer, url, route.method);
        if (!REFUSED.includes(res.statusCode)) leaks.push(`${key} -> ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(tried.length).toBeGreaterThan(20);
    expect(tried.some((k) => k.startsWith('POST '))).toBe(true);
    expect(leaks).toEqual([]);
  });

  it('is not a user token, a cookie or a token of another scope', async () => {
    const tk = storeBearer.split('.').slice(2).join('.');
    for (const authorization of [`Bearer ${tk}`, `Bearer ro.${tk}`, `Bearer ro.s_${ids.siblingStore}.${tk}`, `Bearer ro.r_${ids.store}.${tk}`]) {
      const res = await as(authorization, monthly('store', ids.store));
      expect(res.statusCode, authorization.slice(0, 30)).toBe(401);
    }
    const asCookie = await t.app.inject({ method: 'GET', url: monthly('store', ids.store), headers: { cookie: `better-auth.session_token=${tk}` } });
    expect(asCookie.statusCode).toBe(401);
  });
});

describe('a receiver link', () => {
  it("opens its own charity report and spreadsheet, with every donor's rows", async () => {
    const report = await as(receiverBearer, monthly('receiver', ids.receiver));
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().heading).toMatchObject({ kind: 'receiver', company: null });
    expect(report.json().raw_data).toBeTruthy();
    const xlsx = await as(receiverBearer, monthly('receiver', ids.receiver, '.xlsx'));
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });

  it('opens no store: neither its reports nor its poster (whose QR code is the store\'s own link)', async () => {
    await expectRefused(receiverBearer, [ids.store, ids.receiverStore, ids.foreignStore].flatMap((id) => [
      monthly('store', id), monthly('store', id, '.xlsx'), poster(id), poster(id, '.pdf'), `/core-api/api/reports/stores/${id}`,
      `${TOTALS}?from_store_id=${id}`,
    ]));
  });

  it('opens no other receiver, no company totals and no lookup list', async () => {
    await expectRefused(receiverBearer, [
      monthly('receiver', ids.otherReceiver), monthly('receiver', ids.otherReceiver, '.xlsx'),
      `/core-api/api/reports/receivers/${ids.otherReceiver}`, `${TOTALS}?receiver_id=${ids.otherReceiver}`,
      `${TOTALS}?from_company_id=${ids.company}`, ...LOOKUPS,
    ]);
  });

  it('stops working when the link is rotated; the new link works', async () => {
    const rotated = await t.app.inject({
      method: 'POST', url: `/ops-api/public-links/receiver/${ids.receiver}/rotate`, headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(rotated.statusCode).toBe(200);
    const old = await as(receiverBearer, monthly('receiver', ids.receiver));
    expect(old.statusCode).toBe(401);
    expect(old.json().detail).toBe('invalid token');
    const fresh = await as(`Bearer ro.r_${ids.receiver}.${tkOf(rotated.json().url)}`, monthly('receiver', ids.receiver));
    expect(fresh.statusCode).toBe(200);
  });
});
