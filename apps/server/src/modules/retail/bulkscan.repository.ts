import type { BulkScanListQuery, BulkScanRow } from '@openrescue/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { orderBySql } from '../../lib/ordering.js';
import { boundMicros, intervalOf, microsToIso } from '../reports/time-bounds.js';

type Db = Kysely<DB>;

export interface NewBulkScan {
  store_id: number;
  company_id: number;
  receiver_id: number;
  department_id: number;
  weight_kg: number;
  entry_time: string;
  /** The signed-in user who entered it, and that user's e-mail at the time (decision 0038). */
  author_id: string | null;
  email: string | null;
  meals_provided: number;
  food_rescued_kg: number;
  co2_emissions_kg: number;
  money_saved: number;
  impact_factor_version: number;
}

const rowSelect = sql`b.id, b.receiver_id, r.name as receiver, s.name as store, b.store_id, b.reason_id,
  rs.reason as reason, b.destination_id as destination, dn.name as destination_name, b.department_id as department,
  b.creation_time, b.weight_kg, b.entry_time, coalesce(u.email, b.email) as email`;
const rowFrom = sql`bulk_scan b join store s on s.id = b.store_id join receiver r on r.id = b.receiver_id
  join destination dn on dn.id = b.destination_id left join reason rs on rs.id = b.reason_id
  left join "user" u on u.id = b.author_id`;

interface RawRow extends Omit<BulkScanRow, 'creation_time' | 'entry_time'> {
  creation_time: Date | string;
  entry_time: Date | string;
}

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());
const toRow = (r: RawRow): BulkScanRow => ({
  ...r,
  id: Number(r.id),
  weight_kg: r.weight_kg === null ? null : Number(r.weight_kg),
  creation_time: iso(r.creation_time),
  entry_time: iso(r.entry_time),
});

/** GET retail/bulkscan: newest entry first unless `ordering` says otherwise (decision 0065), every filter of the contract. */
export async function listBulkScans(db: Db, q: BulkScanListQuery) {
  const interval = intervalOf(q);
  const where = [sql`true`];
  if (q.store_id) where.push(sql`b.store_id in (${sql.join(q.store_id)})`);
  if (q.receiver_id) where.push(sql`b.receiver_id in (${sql.join(q.receiver_id)})`);
  if (q.id) where.push(sql`b.id in (${sql.join(q.id)})`);
  if (q.reason_id) where.push(sql`b.reason_id in (${sql.join(q.reason_id)})`);
  if (q.has_reason !== undefined) where.push(q.has_reason ? sql`b.reason_id is not null` : sql`b.reason_id is null`);
  if (interval.lo) where.push(sql`b.entry_time >= ${microsToIso(boundMicros(interval.lo))}::timestamptz`);
  if (interval.hi) where.push(sql`b.entry_time < ${microsToIso(boundMicros(interval.hi))}::timestamptz`);
  if (q.search) {
    const like = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      sql`(s.name ilike ${like} or r.name ilike ${like} or coalesce(u.email, b.email) ilike ${like} or rs.reason ilike ${like})`,
    );
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBySql(
    q.ordering,
    [{ key: 'entry_time', desc: true }],
    {
      entry_time: { sql: sql.ref('b.entry_time') },
      creation_time: { sql: sql.ref('b.creation_time') },
      weight_kg: { sql: sql.ref('b.weight_kg') },
      store: { sql: sql.ref('s.name'), text: true },
      receiver: { sql: sql.ref('r.name'), text: true },
      reason: { sql: sql.ref('rs.reason'), text: true },
      id: { sql: sql.ref('b.id') },
    },
    [sql.ref('b.id')],
  );
  const [countRes, rows] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from ${rowFrom} where ${cond}`.execute(db),
    sql<RawRow>`select ${rowSelect} from ${rowFrom} where ${cond} order by ${order}
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`.execute(db),
  ]);
  return { count: Number(countRes.rows[0].n), rows: rows.rows.map(toRow) };
}

/** Stores (with company) and schedules among the given ids: what the validation needs, in two queries. */
export async function loadPlaces(db: Db, storeIds: number[], receiverIds: number[]) {
  const [stores, receivers, links] = await Promise.all([
    db.selectFrom('store').select(['id', 'company_id', 'name']).where('id', 'in', storeIds).execute(),
    db.selectFrom('receiver').select(['id', 'name']).where('id', 'in', receiverIds).execute(),
    db
      .selectFrom('store_receiver')
      .select(['store_id', 'receiver_id'])
      .where('store_id', 'in', storeIds)
      .where('receiver_id', 'in', receiverIds)
      .execute(),
  ]);
  return {
    storeCompany: new Map(stores.map((s) => [Number(s.id), Number(s.company_id)])),
    /** Names for the audit trail, which shows them beside the ids. */
    storeNames: new Map(stores.map((s) => [Number(s.id), s.name])),
    receiverNames: new Map(receivers.map((r) => [Number(r.id), r.name])),
    links: new Set(links.map((l) => `${l.store_id}:${l.receiver_id}`)),
  };
}

export async function loadImpactFactors(db: Db) {
  const res = await sql<{
    version: number;
    destination_id: number;
    department_id: number | null;
    meals: string;
    co2e: string;
    money: string;
    effective_from: string;
  }>`select version, destination_id, department_id,
    meals_per_kg::text as meals, co2e_per_kg::text as co2e, money_per_kg::text as money,
    effective_from::text as effective_from from impact_factor`.execute(db);
  return res.rows.map((f) => ({
    version: Number(f.version),
    destinationId: Number(f.destination_id),
    departmentId: f.department_id === null ? null : Number(f.department_id),
    mealsPerKg: f.meals,
    co2ePerKg: f.co2e,
    moneyPerKg: f.money,
    effectiveFrom: f.effective_from,
  }));
}

/**
 * One donation row and one bulk_scan row per item, two statements (the rollup triggers are per statement). Each
 * scan names its donation (donation_id, migration 012): the flows never load it again (decision 0007).
 */
export async function insertBulkScans(
  db: Db,
  items: NewBulkScan[],
  idempotencyKey: string | null,
): Promise<BulkScanRow[]> {
  const donations = await db
    .insertInto('donation')
    .values(
      items.map((i) => ({
        entry_time: i.entry_time,
        destination_id: 1,
        company_id: i.company_id,
        store_id: i.store_id,
        receiver_id: i.receiver_id,
        department_id: i.department_id,
        weight_kg: i.weight_kg,
        meals_provided: i.meals_provided,
        food_rescued_kg: i.food_rescued_kg,
        co2_emissions_kg: i.co2_emissions_kg,
        money_saved: i.money_saved,
        impact_factor_version: i.impact_factor_version,
        source: 'bulk' as const,
        adjusted_scan_id: null,
      })),
    )
    .returning('id')
    .execute();
  const inserted = await db
    .insertInto('bulk_scan')
    .values(
      items.map((i, k) => ({
        receiver_id: i.receiver_id,
        store_id: i.store_id,
        reason_id: null,
        destination_id: 1,
        department_id: i.department_id,
        weight_kg: i.weight_kg,
        entry_time: i.entry_time,
        author_id: i.author_id,
        email: i.email,
        idempotency_key: idempotencyKey,
        donation_id: Number(donations[k].id),
      })),
    )
    .returning('id')
    .execute();
  const ids = inserted.map((r) => Number(r.id));
  const rows =
    await sql<RawRow>`select ${rowSelect} from ${rowFrom} where b.id = any(${ids}::bigint[]) order by b.id`.execute(db);
  return rows.rows.map(toRow);
}
