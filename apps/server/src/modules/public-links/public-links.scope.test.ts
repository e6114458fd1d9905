import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import {
  LOOKUPS,
  type LinkIds,
  linkIds,
  linkTk,
  monthly,
  poster,
  REFUSED,
  TOTALS,
  tkOf,
} from '../../test-support/fixtures/public-links.js';

/**
 * Token scope of the read-only public links (DESIGN.md "Public links", spec 2.9 / 6 "Signed out"): a link opens its
 * own receiver's charity report or its own store's report and poster, and nothing else. Everything else answers
 * like a missing object (401 / 403 / 404), never with data. A store link's refusals (other stores, receivers,
 * company totals, every other route, read or write, forged tokens): security/public-links.test.ts (issue 9, suite 2).
 */
let t: TestApp;
let staffToken: string;
let ids: LinkIds;
let storeBearer: string;
let receiverBearer: string;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 2000 });
  staffToken = (await signIn(t.app, 'staff@openrescue.test', 'demo-staff')).token;
  ids = await linkIds(t.database);
  storeBearer = `Bearer ro.s_${ids.store}.${await linkTk(t.app, staffToken, 'store', ids.store)}`;
  receiverBearer = `Bearer ro.r_${ids.receiver}.${await linkTk(t.app, staffToken, 'receiver', ids.receiver)}`;
});
afterAll(async () => t?.close());

const as = (authorization: string, url: string) => t.app.inject({ method: 'GET', url, headers: { authorization } });

async function expectRefused(authorization: string, urls: string[]) {
  const leaks: string[] = [];
  for (const url of urls) {
    const res = await as(authorization, url);
    if (!REFUSED.includes(res.statusCode)) leaks.push(`GET ${url} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
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
    // The QR code carries the store's own poster link (decision 0050), which opens this store's report, no other.
    const short = new URL(card.json().public_report_url as string);
    expect(short.pathname).toMatch(/^\/p\/[0-9a-z]+$/);
    const scan = await t.app.inject({ method: 'GET', url: short.pathname });
    expect(scan.statusCode).toBe(302);
    expect(scan.headers.location).toContain(`/public/store/${ids.store}/reports?tk=`);
    const pdf = await as(storeBearer, poster(ids.store, '.pdf'));
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
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

  it("opens no store: neither its reports nor its poster (whose QR code is the store's own link)", async () => {
    await expectRefused(
      receiverBearer,
      [ids.store, ids.receiverStore, ids.foreignStore].flatMap((id) => [
        monthly('store', id),
        monthly('store', id, '.xlsx'),
        poster(id),
        poster(id, '.pdf'),
        `/core-api/api/reports/stores/${id}`,
        `${TOTALS}?from_store_id=${id}`,
      ]),
    );
  });

  it('opens no other receiver, no company totals and no lookup list', async () => {
    await expectRefused(receiverBearer, [
      monthly('receiver', ids.otherReceiver),
      monthly('receiver', ids.otherReceiver, '.xlsx'),
      `/core-api/api/reports/receivers/${ids.otherReceiver}`,
      `${TOTALS}?receiver_id=${ids.otherReceiver}`,
      `${TOTALS}?from_company_id=${ids.company}`,
      ...LOOKUPS,
    ]);
  });

  it('stops working when the link is rotated; the new link works', async () => {
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/ops-api/public-links/receiver/${ids.receiver}/rotate`,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(rotated.statusCode).toBe(200);
    const old = await as(receiverBearer, monthly('receiver', ids.receiver));
    expect(old.statusCode).toBe(401);
    expect(old.json().detail).toBe('invalid token');
    const fresh = await as(
      `Bearer ro.r_${ids.receiver}.${tkOf(rotated.json().url)}`,
      monthly('receiver', ids.receiver),
    );
    expect(fresh.statusCode).toBe(200);
  });
});
