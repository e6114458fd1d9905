import { decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileAuditRefuses } from '../../test-support/refused-audit.js';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { publicReportLink } from './public-links.service.js';

let t: TestApp;
let tokens: Record<DemoRole, string>;
let storeId: number;
let otherStoreId: number;
let receiverId: number;
const TOTALS = '/core-api/api/retail/reports/donation_totals';

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 2000 });
  tokens = await signInDemoAccounts(t.app);
  const busy = await sql<{ store_id: number; receiver_id: number }>`select store_id, receiver_id from donation
    group by 1, 2 order by count(*) desc limit 1`.execute(t.database.db);
  storeId = Number(busy.rows[0].store_id);
  receiverId = Number(busy.rows[0].receiver_id);
  otherStoreId = Number(
    (await sql<{ id: number }>`select min(id) as id from store where id <> ${storeId}`.execute(t.database.db)).rows[0]
      .id,
  );
});
afterAll(async () => t?.close());

const tkOf = (url: string) => new URL(url).searchParams.get('tk')!;
const asLink = (scope: string, tk: string, url: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ro.${scope}.${tk}` } });
const staff = (method: 'GET' | 'POST', url: string, who: DemoRole = 'staff') =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${tokens[who]}` } });

// Forged, tampered, expired and rotated tokens, and everything a link must not open: security/public-links.test.ts.
describe('public links', () => {
  it('publicReportLink carries a real signed token', async () => {
    const url = await publicReportLink(t.ctx, 'store', storeId);
    expect(url).toMatch(
      new RegExp(`^http://localhost:8080/public/store/${storeId}/reports\\?tk=[\\w-]+\\.[\\w-]+\\.[\\w-]+$`),
    );
    expect(decodeJwt(tkOf(url))).toEqual({ scope: `s_${storeId}`, v: 1 });
    const charity = await publicReportLink(t.ctx, 'receiver', receiverId);
    expect(charity).toContain(`/public/charity/${receiverId}/reports?tk=`);
  });

  it("a store link reads that store's donation_totals and nothing else", async () => {
    const tk = tkOf(await publicReportLink(t.ctx, 'store', storeId));
    const res = await asLink(`s_${storeId}`, tk, `${TOTALS}?from_store_id=${storeId}&annotate_metrics=true`);
    expect(res.statusCode, res.body).toBe(200);
    const asStaff = await staff('GET', `${TOTALS}?from_store_id=${storeId}&annotate_metrics=true`);
    expect(res.json().results[0].weight_kg__sum).toBe(asStaff.json().results[0].weight_kg__sum);
    expect(res.json().results[0].weight_kg__sum).toBeGreaterThan(0);
    expect((await asLink(`s_${storeId}`, tk, `${TOTALS}?from_store_id=${otherStoreId}`)).statusCode).toBe(404);
    expect((await asLink(`s_${storeId}`, tk, '/core-api/api/retail/bulkscan')).statusCode).toBe(403);
  });

  it('a receiver link reads its receiver', async () => {
    const tk = tkOf(await publicReportLink(t.ctx, 'receiver', receiverId));
    const res = await asLink(`r_${receiverId}`, tk, `${TOTALS}?receiver_id=${receiverId}`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('GET returns the current link; rotate bumps the version and the old link stops working', async () => {
    const current = await staff('GET', `/ops-api/public-links/store/${storeId}`);
    expect(current.statusCode, current.body).toBe(200);
    const old = current.json();
    expect(old).toMatchObject({ kind: 'store', id: storeId, scope: `s_${storeId}` });
    const rotated = await staff('POST', `/ops-api/public-links/store/${storeId}/rotate`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().token_version).toBe(old.token_version + 1);
    const url = `${TOTALS}?from_store_id=${storeId}`;
    expect((await asLink(`s_${storeId}`, tkOf(old.url), url)).statusCode).toBe(401);
    expect((await asLink(`s_${storeId}`, tkOf(rotated.json().url), url)).statusCode).toBe(200);
    expect((await staff('GET', `/ops-api/public-links/store/${storeId}`)).json().url).toBe(rotated.json().url);
  });

  it('is staff-only and 404s for a missing record', async () => {
    expect((await staff('GET', `/ops-api/public-links/receiver/${receiverId}`, 'company')).statusCode).toBe(403);
    expect((await staff('POST', `/ops-api/public-links/store/${storeId}/rotate`, 'store')).statusCode).toBe(403);
    expect((await staff('GET', '/ops-api/public-links/receiver/999999')).statusCode).toBe(404);
    expect((await staff('GET', '/ops-api/public-links/farm/1')).statusCode).toBe(400);
  });
});

describe('poster links (issue 34, decision 0050)', () => {
  const POSTER = (id: number) => `/ops-api/public-links/store/${id}/poster`;
  const scan = (url: string) => t.app.inject({ method: 'GET', url: new URL(url, 'http://x').pathname });
  const tkFromScan = async (url: string) => {
    const res = await scan(url);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(new RegExp(`^/public/store/${storeId}/reports\\?tk=[\\w.-]+$`));
    return tkOf(`http://x${res.headers.location}`);
  };
  const totals = (tk: string) => asLink(`s_${storeId}`, tk, `${TOTALS}?from_store_id=${storeId}`);

  it('the poster prints a short link of its own: it survives rotating the report link, revoked on its own', async () => {
    const link = (await staff('GET', POSTER(storeId))).json();
    expect(link).toMatchObject({ store_id: storeId, url: `http://localhost:8080/p/${link.code}` });
    expect(link.code).toMatch(/^[0-9a-z]{12}$/);
    expect((await staff('GET', POSTER(storeId))).json().code).toBe(link.code);
    const poster = (await staff('GET', `/core-api/api/reports/poster/${storeId}`)).json();
    expect(poster.public_report_url).toBe(link.url);

    const tk = await tkFromScan(link.url);
    expect(decodeJwt(tk)).toEqual({ scope: `s_${storeId}`, pl: link.code });
    expect((await totals(tk)).statusCode).toBe(200);
    // Typed from the print in capitals, with O for 0 and I or L for 1.
    const typed = link.code.toUpperCase().replace(/0/g, 'O').replace(/1/g, 'L');
    expect(await tkFromScan(`/p/${typed}`)).toBe(tk);
    // The code is the scope's own: it opens nothing for another store.
    expect((await asLink(`s_${otherStoreId}`, tk, `${TOTALS}?from_store_id=${otherStoreId}`)).statusCode).toBe(401);

    expect((await staff('POST', `/ops-api/public-links/store/${storeId}/rotate`)).statusCode).toBe(200);
    expect((await totals(tk)).statusCode).toBe(200);

    const revoked = await staff('POST', `${POSTER(storeId)}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().code).not.toBe(link.code);
    expect((await totals(tk)).statusCode).toBe(401);
    expect((await totals(await tkFromScan(link.url))).statusCode).toBe(401);
    expect((await totals(await tkFromScan(revoked.json().url))).statusCode).toBe(200);
    expect((await staff('GET', `/core-api/api/reports/poster/${storeId}`)).json().public_report_url).toBe(
      revoked.json().url,
    );
  });

  it('an unknown code leads to the wrong-address page; managing poster links is staff-only', async () => {
    const unknown = await scan('/p/zzzzzzzzzzzz');
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/public/p/zzzzzzzzzzzz');
    expect((await staff('GET', POSTER(storeId), 'company')).statusCode).toBe(403);
    expect((await staff('POST', `${POSTER(storeId)}/revoke`, 'store')).statusCode).toBe(403);
    expect((await staff('GET', POSTER(999_999))).statusCode).toBe(404);
    expect((await staff('POST', `${POSTER(999_999)}/revoke`)).statusCode).toBe(404);
  });
});

describe('a link change and its audit entry commit together', () => {
  it('when the entry cannot be written, the rotation, the revoke and the new poster link are not made', async () => {
    const fresh = Number(
      (
        await sql<{ id: number }>`select min(s.id) as id from store s
          where not exists (select 1 from poster_link p where p.store_id = s.id)`.execute(t.database.db)
      ).rows[0].id,
    );
    const link = (await staff('GET', `/ops-api/public-links/store/${storeId}`)).json();
    const poster = (await staff('GET', `/ops-api/public-links/store/${storeId}/poster`)).json();
    const entries = async () =>
      (await sql<{ n: number }>`select count(*)::int as n from audit_event`.execute(t.database.db)).rows[0].n;
    const before = await entries();
    const actions = ['public_link.rotate', 'poster_link.revoke', 'poster_link.create'];
    await whileAuditRefuses(t.database.db, actions, async () => {
      expect((await staff('POST', `/ops-api/public-links/store/${storeId}/rotate`)).statusCode).toBe(500);
      expect((await staff('POST', `/ops-api/public-links/store/${storeId}/poster/revoke`)).statusCode).toBe(500);
      expect((await staff('GET', `/ops-api/public-links/store/${fresh}/poster`)).statusCode).toBe(500);
    });
    expect((await staff('GET', `/ops-api/public-links/store/${storeId}`)).json()).toEqual(link);
    expect((await asLink(`s_${storeId}`, tkOf(link.url), `${TOTALS}?from_store_id=${storeId}`)).statusCode).toBe(200);
    expect((await staff('GET', `/ops-api/public-links/store/${storeId}/poster`)).json()).toEqual(poster);
    const made = await sql<{ n: number }>`select count(*)::int as n from poster_link where store_id = ${fresh}`.execute(
      t.database.db,
    );
    expect(made.rows[0].n).toBe(0);
    expect(await entries()).toBe(before);
    // With the trail writable again, the same rotation is made and on it.
    expect((await staff('POST', `/ops-api/public-links/store/${storeId}/rotate`)).statusCode).toBe(200);
    expect(await entries()).toBe(before + 1);
  });
});
