import { sql } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { BuiltApp } from '../../app.js';

/** What the public-link tests share (public-links.scope.test.ts, security/public-links.test.ts): ids, links, URLs. */
export interface LinkIds {
  /** S1: the busiest store, its company, a store of the same company and one of another. */
  store: number; company: number; siblingStore: number; foreignStore: number; foreignCompany: number;
  /** R1: the receiver S1 gives to most; one S1 never gives to; another store serving R1. */
  receiver: number; otherReceiver: number; receiverStore: number;
}

export const MONTH = '2025-01-01';
/** How a link is refused: like a missing object or a forbidden route, never with data. */
export const REFUSED = [401, 403, 404];
export const TOTALS = '/core-api/api/retail/reports/donation_totals';
export const DONATIONS = '/core-api/api/retail/reports/donations';
export const LOOKUPS = [
  '/core-api/api/companies', '/core-api/api/receivers', '/core-api/api/stores', '/core-api/api/reasons',
  '/core-api/api/retail/stores?expand=receivers', '/core-api/api/retail/receivers?expand=store_set',
  '/core-api/api/reports/stores',
];
export const monthly = (kind: 'store' | 'receiver', id: number, ext = '') => `/core-api/api/reports/monthly/${kind}/${id}${ext}?month=${MONTH}`;
export const poster = (id: number, ext = '') => `/core-api/api/reports/poster/${id}${ext}?month=${MONTH}`;
export const tkOf = (url: string) => new URL(url).searchParams.get('tk')!;

/** The demo network's ids the tests need (prepareDemo must have run). */
export async function linkIds(database: Database): Promise<LinkIds> {
  const one = async <T>(q: ReturnType<typeof sql<T>>) => (await q.execute(database.db)).rows[0];
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
  return {
    store, company, receiver,
    siblingStore: Number(sibling.id ?? foreign.id),
    foreignStore: Number(foreign.id), foreignCompany: Number(foreign.company_id),
    otherReceiver: Number(otherReceiver.id),
    receiverStore: Number(receiverStore.id ?? foreign.id),
  };
}

/** The current link's `tk`, as staff read it from GET /ops-api/public-links. */
export async function linkTk(app: BuiltApp['app'], staffToken: string, kind: 'store' | 'receiver', id: number): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/ops-api/public-links/${kind}/${id}`, headers: { authorization: `Bearer ${staffToken}` } });
  if (res.statusCode !== 200) throw new Error(`public link ${kind} ${id}: ${res.statusCode} ${res.body}`);
  return tkOf(res.json().url);
}
