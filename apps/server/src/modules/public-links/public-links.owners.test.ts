import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signIn, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';

/**
 * Share links owned by company admins (issue 37 section 3, decision 0069): a company user who reaches every store of
 * the company creates, copies and rotates its stores' report links and poster links from the client app, through
 * the console's own services, and every action is on the audit trail as that user. Anything else answers like a
 * missing store (404). Every cell of these routes for every principal: security/authorization-matrix.test.ts.
 */
let t: TestApp;
let tokens: Record<DemoRole | 'charity', string>;
let own: number;
let ownOther: number;
let foreign: number;
let receiver: number;
const MISSING = 999_999;
const MONTH = '2025-01-01';

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 500 });
  tokens = {
    ...(await signInDemoAccounts(t.app)),
    charity: (await signIn(t.app, 'charity@openrescue.test', 'demo-charity')).token,
  };
  // The demo company user reaches every store of company 1 (role 1).
  const { rows } = await sql<{ id: number; company_id: number }>`select id, company_id from store
    order by company_id <> 1, id`.execute(t.database.db);
  const mine = rows.filter((r) => Number(r.company_id) === 1).map((r) => Number(r.id));
  [own, ownOther] = mine;
  foreign = Number(rows.find((r) => Number(r.company_id) !== 1)!.id);
  receiver = Number((await sql<{ id: number }>`select min(id) as id from receiver`.execute(t.database.db)).rows[0].id);
});
afterAll(async () => t?.close());

const send = (
  method: 'GET' | 'POST',
  url: string,
  who: DemoRole | 'charity' | null = 'company',
  authorization?: string,
) =>
  t.app.inject({
    method,
    url,
    headers: authorization ? { authorization } : who ? { authorization: `Bearer ${tokens[who]}` } : {},
  });
const LINK = (kind: 'store' | 'receiver', id: number, tail = '') => `/core-api/api/public-links/${kind}/${id}${tail}`;
const POSTER = (id: number, tail = '') => `/core-api/api/public-links/store/${id}/poster${tail}`;
const tkOf = (url: string) => new URL(url).searchParams.get('tk')!;
const report = (id: number, tk: string) =>
  send('GET', `/core-api/api/reports/monthly/store/${id}?month=${MONTH}`, null, `Bearer ro.s_${id}.${tk}`);

async function trail(id: number, type: 'store' | 'receiver' = 'store') {
  const res = await send('GET', `/ops-api/audit-events?object_type=${type}&object_id=${id}&page_size=50`, 'staff');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().results as { action: string; actor_label: string; actor_id: string; detail: unknown }[];
}

describe('a company admin owns its stores’ share links', () => {
  it('gets, copies and rotates the report link; the old link stops, the new one opens the report', async () => {
    const before = await send('GET', LINK('store', own));
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ kind: 'store', id: own, scope: `s_${own}` });
    // The console shows the same link: one service.
    expect((await send('GET', `/ops-api/public-links/store/${own}`, 'staff')).json().url).toBe(before.json().url);
    expect((await report(own, tkOf(before.json().url))).statusCode).toBe(200);

    const copied = await send('POST', LINK('store', own, '/copied'));
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json().url).toBe(before.json().url);

    const rotated = await send('POST', LINK('store', own, '/rotate'));
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json().token_version).toBe(before.json().token_version + 1);
    const old = await report(own, tkOf(before.json().url));
    expect(old.statusCode).toBe(401);
    expect(old.json().detail).toBe('invalid token');
    expect((await report(own, tkOf(rotated.json().url))).statusCode).toBe(200);
    expect((await send('GET', LINK('store', own))).json().url).toBe(rotated.json().url);

    const entries = await trail(own);
    expect(entries.slice(0, 2).map((e) => e.action)).toEqual(['public_link.rotate', 'public_link.copy']);
    for (const e of entries.slice(0, 2)) expect(e.actor_label).toBe('company@openrescue.test');
    // The trail never holds the link itself (it would open the report).
    expect(JSON.stringify(entries)).not.toContain(tkOf(rotated.json().url));
  });

  it('creates, copies and revokes the poster link on its own; the report link keeps working', async () => {
    const reportLink = (await send('GET', LINK('store', ownOther))).json().url as string;
    const made = await send('GET', POSTER(ownOther));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().url).toMatch(/\/p\/[0-9a-z]{12}$/);
    expect((await send('GET', POSTER(ownOther))).json().code).toBe(made.json().code);
    expect((await send('POST', POSTER(ownOther, '/copied'))).statusCode).toBe(200);
    const revoked = await send('POST', POSTER(ownOther, '/revoke'));
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().code).not.toBe(made.json().code);
    // The printed code now leads to a token that is refused; the new one opens the report.
    const scanOld = await t.app.inject({ method: 'GET', url: `/p/${made.json().code}` });
    const oldTk = new URL(scanOld.headers.location!, 'http://x').searchParams.get('tk')!;
    expect((await report(ownOther, oldTk)).statusCode).toBe(401);
    const scanNew = await t.app.inject({ method: 'GET', url: `/p/${revoked.json().code}` });
    const newTk = new URL(scanNew.headers.location!, 'http://x').searchParams.get('tk')!;
    expect((await report(ownOther, newTk)).statusCode).toBe(200);
    expect((await report(ownOther, tkOf(reportLink))).statusCode).toBe(200);

    const entries = await trail(ownOther);
    expect(entries.slice(0, 3).map((e) => e.action)).toEqual([
      'poster_link.revoke',
      'poster_link.copy',
      'poster_link.create',
    ]);
    for (const e of entries.slice(0, 3)) expect(e.actor_label).toBe('company@openrescue.test');
    expect(JSON.stringify(entries)).not.toContain(made.json().code);
    expect(JSON.stringify(entries)).not.toContain(revoked.json().code);
  });
  it('a poster link first made by a copy is on the trail as made, then copied', async () => {
    const fresh = await unlinkedStore();
    const copied = await send('POST', POSTER(fresh, '/copied'));
    expect(copied.statusCode, copied.body).toBe(200);
    expect((await send('POST', POSTER(fresh, '/copied'))).json().code).toBe(copied.json().code);
    const entries = await trail(fresh);
    expect(entries.map((e) => e.action)).toEqual(['poster_link.copy', 'poster_link.copy', 'poster_link.create']);
    for (const e of entries) expect(e.actor_label).toBe('company@openrescue.test');
  });
});

/** A store of company 1 that has no poster link yet and nothing on its trail. */
async function unlinkedStore(): Promise<number> {
  const { rows } = await sql<{ id: number }>`select id from store s where company_id = 1
    and not exists (select 1 from poster_link p where p.store_id = s.id)
    and not exists (select 1 from audit_event a where a.object_type = 'store' and a.object_id = s.id::text)
    order by id desc limit 1`.execute(t.database.db);
  return Number(rows[0].id);
}

describe('anyone else: like a missing store', () => {
  const routes = (id: number): ['GET' | 'POST', string][] => [
    ['GET', LINK('store', id)],
    ['POST', LINK('store', id, '/copied')],
    ['POST', LINK('store', id, '/rotate')],
    ['GET', POSTER(id)],
    ['POST', POSTER(id, '/copied')],
    ['POST', POSTER(id, '/revoke')],
  ];

  it("another company's store answers exactly as a missing one, and nothing changes", async () => {
    const version = async () =>
      Number(
        (await t.database.db.selectFrom('store').select('token_version').where('id', '=', foreign).executeTakeFirst())!
          .token_version,
      );
    const was = await version();
    const entries = (await trail(foreign)).length;
    for (const [method, url] of routes(foreign)) {
      const res = await send(method, url);
      const missing = await send(method, url.replace(`/${foreign}`, `/${MISSING}`));
      expect(res.statusCode, url).toBe(404);
      expect(res.body.replaceAll(String(foreign), '{id}'), url).toBe(missing.body.replaceAll(String(MISSING), '{id}'));
    }
    expect(await version()).toBe(was);
    expect((await trail(foreign)).length).toBe(entries);
    expect(
      await t.database.db.selectFrom('poster_link').select('code').where('store_id', '=', foreign).execute(),
    ).toEqual([]);
  });

  it('a store user (one store, even its own) and a receiver answer 404; pending users 403; links 403', async () => {
    const storeUserStore = Number(
      (
        await sql<{ id: number }>`select coalesce(cu.report_store_id, cu.store_id) as id from company_user cu
          join "user" u on u.id::text = cu.user_id::text where u.email = 'store@openrescue.test'`.execute(t.database.db)
      ).rows[0]?.id ?? own,
    );
    for (const id of [own, storeUserStore]) {
      for (const [method, url] of routes(id)) expect((await send(method, url, 'store')).statusCode, url).toBe(404);
    }
    for (const [method, url] of [
      ['GET', LINK('receiver', receiver)],
      ['POST', LINK('receiver', receiver, '/copied')],
      ['POST', LINK('receiver', receiver, '/rotate')],
    ] as const) {
      expect((await send(method, url)).statusCode, url).toBe(404);
    }
    for (const [method, url] of routes(own)) {
      expect((await send(method, url, 'pending')).statusCode, url).toBe(403);
      expect((await send(method, url, null)).statusCode, url).toBe(401);
    }
    const tk = tkOf((await send('GET', LINK('store', own))).json().url);
    for (const [method, url] of routes(own)) {
      expect((await send(method, url, null, `Bearer ro.s_${own}.${tk}`)).statusCode, url).toBe(403);
    }
  });

  it('bad ids are a 400', async () => {
    expect((await send('GET', '/core-api/api/public-links/farm/1')).statusCode).toBe(400);
    expect((await send('POST', '/core-api/api/public-links/store/0/rotate')).statusCode).toBe(400);
    expect((await send('GET', '/core-api/api/public-links/store/abc/poster')).statusCode).toBe(400);
  });
});

describe("a charity user owns its receivers' report links (decision 0066's charity principal)", () => {
  const charityReceivers = async () =>
    (
      await sql<{ receiver_id: number }>`select rr.receiver_id from receiver_user_receiver rr
        join receiver_user ru on ru.id = rr.receiver_user_id join "user" u on u.id::text = ru.user_id::text
        where u.email = 'charity@openrescue.test' order by 1`.execute(t.database.db)
    ).rows.map((r) => Number(r.receiver_id));

  it('gets, copies and rotates the link of its own receiver; the old link stops, on the trail as the charity', async () => {
    const [mine] = await charityReceivers();
    expect(mine).toBeGreaterThan(0);
    const before = await send('GET', LINK('receiver', mine), 'charity');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ kind: 'receiver', id: mine, scope: `r_${mine}` });
    expect((await send('POST', LINK('receiver', mine, '/copied'), 'charity')).statusCode).toBe(200);
    const rotated = await send('POST', LINK('receiver', mine, '/rotate'), 'charity');
    expect(rotated.statusCode, rotated.body).toBe(200);
    const asLink = (url: string) =>
      send(
        'GET',
        `/core-api/api/reports/monthly/receiver/${mine}?month=${MONTH}`,
        null,
        `Bearer ro.r_${mine}.${tkOf(url)}`,
      );
    expect((await asLink(before.json().url)).statusCode).toBe(401);
    expect((await asLink(rotated.json().url)).statusCode).toBe(200);
    const entries = await trail(mine, 'receiver');
    expect(entries.slice(0, 2).map((e) => [e.action, e.actor_label])).toEqual([
      ['public_link.rotate', 'charity@openrescue.test'],
      ['public_link.copy', 'charity@openrescue.test'],
    ]);
  });

  it('another receiver, any store and any poster answer like missing ones', async () => {
    const mine = await charityReceivers();
    const other = Number(
      (
        await sql<{ id: number }>`select min(id) as id from receiver where not (id = any(${mine}))`.execute(
          t.database.db,
        )
      ).rows[0].id,
    );
    for (const [method, url] of [
      ['GET', LINK('receiver', other)],
      ['POST', LINK('receiver', other, '/copied')],
      ['POST', LINK('receiver', other, '/rotate')],
      ['GET', LINK('store', own)],
      ['POST', LINK('store', own, '/rotate')],
      ['GET', POSTER(own)],
      ['POST', POSTER(own, '/revoke')],
    ] as const) {
      const res = await send(method, url, 'charity');
      expect(res.statusCode, url).toBe(404);
    }
    const missing = await send('GET', LINK('receiver', MISSING), 'charity');
    const theirs = await send('GET', LINK('receiver', other), 'charity');
    expect(theirs.body.replaceAll(String(other), '{id}')).toBe(missing.body.replaceAll(String(MISSING), '{id}'));
  });
});
