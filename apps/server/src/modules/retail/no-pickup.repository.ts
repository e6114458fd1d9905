import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB>;

/** The pickup schedule of a store and a receiver, locked until the transaction ends (one no-pickup per day). */
export async function lockSchedule(db: Db, storeId: number, receiverId: number) {
  const res = await sql<{ started_on: string; ended_on: string | null; schedule_code: string }>`
    select started_on::text as started_on, ended_on::text as ended_on, schedule_code from store_receiver
    where store_id = ${storeId} and receiver_id = ${receiverId} for update`.execute(db);
  return res.rows[0] ?? null;
}

/** The names of a no-pickup's store, receiver and reason; null for one that does not exist. */
export async function placeNames(db: Db, storeId: number, receiverId: number, reasonId: number) {
  const res = await sql<{ store: string | null; receiver: string | null; reason: string | null }>`select
    (select name from store where id = ${storeId}) as store,
    (select name from receiver where id = ${receiverId}) as receiver,
    (select reason from reason where id = ${reasonId}) as reason`.execute(db);
  return res.rows[0];
}

/** The no-pickup already recorded for the pair on the network's day [from, until), if any. */
export async function noPickupOn(db: Db, storeId: number, receiverId: number, from: string, until: string) {
  const res = await sql<{ id: string; reason: string | null }>`
    select b.id, rs.reason from bulk_scan b left join reason rs on rs.id = b.reason_id
    where b.store_id = ${storeId} and b.receiver_id = ${receiverId} and b.reason_id is not null
      and b.entry_time >= ${from}::timestamptz and b.entry_time < ${until}::timestamptz
    order by b.id limit 1`.execute(db);
  return res.rows[0] ?? null;
}

export interface NewNoPickup {
  store_id: number;
  receiver_id: number;
  reason_id: number;
  entry_time: string;
  author_id: string;
  email: string;
}

/** One bulk_scan row with a reason and no weight (no donation: nothing was picked up). */
export async function insertNoPickup(db: Db, row: NewNoPickup): Promise<number> {
  const inserted = await db
    .insertInto('bulk_scan')
    .values({
      ...row,
      destination_id: 1,
      department_id: null,
      weight_kg: null,
      idempotency_key: null,
      donation_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(inserted.id);
}
