import type { OrderKey, Receiver, RECEIVER_ORDERING, Store, STORE_ORDERING } from '@openrescue/shared';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import { orderBySql } from '../../lib/ordering.js';
import type { ReportScope } from './reports.policy.js';

/**
 * Stores and receivers as section 3 describes them, limited to what a scope may see: company users see their
 * company's stores and the receivers linked to them; a store user their one store and its receivers.
 * `receivers` and `store_set` list current pickup links (not ended before today).
 */
export interface PlaceFilters {
  ids?: number[];
  companyIds?: number[];
  search?: string;
  receiverType?: 'HUB' | 'FARM';
  /** The lists' `ordering` (decision 0065); by name when absent. */
  storeOrdering?: readonly OrderKey<(typeof STORE_ORDERING)[number]>[];
  receiverOrdering?: readonly OrderKey<(typeof RECEIVER_ORDERING)[number]>[];
  limit: number;
  offset: number;
}

/** Case-insensitive "contains", with LIKE wildcards in the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const today = sql<string>`(now() at time zone 'America/Vancouver')::date`;
const currentLink = sql<SqlBool>`(sr.ended_on is null or sr.ended_on >= ${today})`;

/** A scope's receivers as an SQL list (never empty: a scope without receivers matches nothing). */
export const receiverIdList = (ids: readonly number[]) =>
  sql.join((ids.length ? ids : [0]).map((id) => sql`${id}::int`));

function storeVisible(scope: ReportScope, storeId: Expression<number>, companyId: Expression<number>) {
  switch (scope.kind) {
    case 'company':
      return sql<SqlBool>`${companyId} = ${scope.companyId}`;
    case 'store':
      return sql<SqlBool>`${storeId} = ${scope.storeId} and ${companyId} = ${scope.companyId}`;
    case 'receiver':
      return sql<SqlBool>`exists (select 1 from store_receiver x where x.store_id = ${storeId} and x.receiver_id in (${receiverIdList(scope.receiverIds)}))`;
    default:
      return sql<SqlBool>`true`;
  }
}

export function receiverVisible(scope: ReportScope, receiverId: Expression<number>) {
  switch (scope.kind) {
    case 'company':
    case 'store':
      return sql<SqlBool>`exists (select 1 from store_receiver x join store xs on xs.id = x.store_id
        where x.receiver_id = ${receiverId} and ${storeVisible(scope, sql.ref('xs.id'), sql.ref('xs.company_id'))})`;
    case 'receiver':
      return sql<SqlBool>`${receiverId} in (${receiverIdList(scope.receiverIds)})`;
    default:
      return sql<SqlBool>`true`;
  }
}

export async function listStores(db: Kysely<DB>, scope: ReportScope, f: PlaceFilters, expandReceivers: boolean) {
  let q = db
    .selectFrom('store as s')
    .innerJoin('company as c', 'c.id', 's.company_id')
    .select([
      's.id',
      's.name',
      's.company_id',
      'c.name as company_name',
      sql<string>`s.start_date::text`.as('start_date'),
      's.address',
      's.city',
      's.region',
      sql<number>`count(*) over ()`.as('total'),
    ])
    .where(storeVisible(scope, sql.ref('s.id'), sql.ref('s.company_id')));
  if (f.ids?.length) q = q.where('s.id', 'in', f.ids);
  if (f.companyIds?.length) q = q.where('s.company_id', 'in', f.companyIds);
  if (f.search) q = q.where(sql<SqlBool>`s.name ilike ${containsPattern(f.search)}`);
  const order = orderBySql(
    f.storeOrdering,
    [{ key: 'name', desc: false }],
    {
      name: { sql: sql.ref('s.name'), text: true },
      company_name: { sql: sql.ref('c.name'), text: true },
      city: { sql: sql.ref('s.city'), text: true },
      id: { sql: sql.ref('s.id') },
    },
    [sql.ref('s.id')],
  );
  const rows = await q.orderBy(order).limit(f.limit).offset(f.offset).execute();
  const ids = rows.map((r) => Number(r.id));
  const links = ids.length
    ? await db
        .selectFrom('store_receiver as sr')
        .innerJoin('receiver as r', 'r.id', 'sr.receiver_id')
        .select(['sr.store_id', 'r.id', 'r.name', 'r.receiver_type', 'r.diversion_type', 'r.nr_supported_charities'])
        .where('sr.store_id', 'in', ids)
        .where(currentLink)
        .where(receiverVisible(scope, sql.ref('r.id')))
        .orderBy('sr.is_lead_charity', 'desc')
        .orderBy('r.name')
        .execute()
    : [];
  const results: Store[] = rows.map((s) => {
    const mine = links.filter((l) => Number(l.store_id) === Number(s.id));
    const refs = mine.map((l) => ({
      id: Number(l.id),
      name: l.name,
      receiver_type: l.receiver_type,
      diversion_type: l.diversion_type,
      nr_supported_charities: Number(l.nr_supported_charities),
    }));
    return {
      id: Number(s.id),
      name: s.name,
      company_id: Number(s.company_id),
      company_name: s.company_name,
      start_date: s.start_date,
      address: s.address,
      city: s.city,
      region: s.region,
      receivers: expandReceivers ? refs : refs.map((r) => r.id),
      receivers__count: refs.length,
      receivers__nr_supported_charities__sum: refs.reduce((a, r) => a + r.nr_supported_charities, 0),
    };
  });
  let count = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && f.offset > 0) count = (await listStores(db, scope, { ...f, limit: 1, offset: 0 }, false)).count;
  return { count, results };
}

export async function listReceivers(db: Kysely<DB>, scope: ReportScope, f: PlaceFilters, expandStores: boolean) {
  let q = db
    .selectFrom('receiver as r')
    .select([
      'r.id',
      'r.name',
      'r.receiver_type',
      'r.diversion_type',
      'r.address',
      'r.city',
      'r.region',
      'r.contact_email',
      'r.nr_supported_charities',
      sql<number>`count(*) over ()`.as('total'),
    ])
    .where(receiverVisible(scope, sql.ref('r.id')));
  if (f.ids?.length) q = q.where('r.id', 'in', f.ids);
  if (f.receiverType) q = q.where('r.receiver_type', '=', f.receiverType);
  if (f.search) q = q.where(sql<SqlBool>`r.name ilike ${containsPattern(f.search)}`);
  const order = orderBySql(
    f.receiverOrdering,
    [{ key: 'name', desc: false }],
    {
      name: { sql: sql.ref('r.name'), text: true },
      city: { sql: sql.ref('r.city'), text: true },
      id: { sql: sql.ref('r.id') },
    },
    [sql.ref('r.id')],
  );
  const rows = await q.orderBy(order).limit(f.limit).offset(f.offset).execute();
  const ids = rows.map((r) => Number(r.id));
  const links = ids.length
    ? await db
        .selectFrom('store_receiver as sr')
        .innerJoin('store as s', 's.id', 'sr.store_id')
        .select(['sr.receiver_id', 's.id', 's.name', 's.company_id'])
        .where('sr.receiver_id', 'in', ids)
        .where(currentLink)
        .where(storeVisible(scope, sql.ref('s.id'), sql.ref('s.company_id')))
        .orderBy('s.name')
        .execute()
    : [];
  const results: Receiver[] = rows.map((r) => {
    const stores = links
      .filter((l) => Number(l.receiver_id) === Number(r.id))
      .map((l) => ({ id: Number(l.id), name: l.name, company_id: Number(l.company_id) }));
    return {
      id: Number(r.id),
      name: r.name,
      receiver_type: r.receiver_type,
      diversion_type: r.diversion_type,
      address: r.address,
      city: r.city,
      region: r.region,
      contact_email: r.contact_email,
      nr_supported_charities: Number(r.nr_supported_charities),
      store_set: expandStores ? stores : stores.map((s) => s.id),
    };
  });
  let count = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && f.offset > 0)
    count = (await listReceivers(db, scope, { ...f, limit: 1, offset: 0 }, false)).count;
  return { count, results };
}
