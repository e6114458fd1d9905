import type { AuditEvent, AuditListQuery } from '@openrescue/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { addDays, localMidnightMicros, microsToIso } from '../reports/time-bounds.js';

type Db = Kysely<DB>;

export interface NewAuditEvent {
  actor_id: string | null;
  actor_label: string;
  action: string;
  object_type: string;
  object_id: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  detail: unknown;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * Inserts the event unless the trail holds one of its action on its object already (a retried request), in one
 * transaction that holds a lock on that pair: two retries at once write one entry.
 */
export async function insertAuditEventOnce(db: Db, event: NewAuditEvent): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const pair = `${event.action} ${event.object_type} ${event.object_id ?? ''}`;
    await sql`select pg_advisory_xact_lock(hashtext(${pair}))`.execute(trx);
    const found = await trx
      .selectFrom('audit_event')
      .select('id')
      .where('action', '=', event.action)
      .where('object_type', '=', event.object_type)
      .where('object_id', event.object_id === null ? 'is' : '=', event.object_id)
      .limit(1)
      .executeTakeFirst();
    if (!found) await insertAuditEvents(trx, [event]);
  });
}

/** The only write: an INSERT (the table refuses UPDATE, DELETE and TRUNCATE, migration 021). */
export async function insertAuditEvents(db: Db, events: NewAuditEvent[]): Promise<void> {
  if (!events.length) return;
  await db
    .insertInto('audit_event')
    .values(
      events.map((e) => ({
        actor_id: e.actor_id,
        actor_label: e.actor_label,
        action: e.action,
        object_type: e.object_type,
        object_id: e.object_id,
        reason: e.reason,
        before: json(e.before),
        after: json(e.after),
        detail: json(e.detail),
      })),
    )
    .execute();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function whereOf(q: Omit<AuditListQuery, 'page' | 'page_size'>) {
  const where = [sql`true`];
  if (q.actor) {
    if (UUID.test(q.actor)) where.push(sql`e.actor_id = ${q.actor}::uuid`);
    else where.push(sql`e.actor_label ilike ${`%${q.actor.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  if (q.object_type) where.push(sql`e.object_type = ${q.object_type}`);
  if (q.object_id) where.push(sql`e.object_id = ${q.object_id}`);
  if (q.action) where.push(sql`e.action = ${q.action}`);
  // Network days: from the local midnight starting `from` up to the one after `to`.
  if (q.from) where.push(sql`e.at >= ${microsToIso(localMidnightMicros(q.from))}::timestamptz`);
  if (q.to) where.push(sql`e.at < ${microsToIso(localMidnightMicros(addDays(q.to, 1)))}::timestamptz`);
  return sql.join(where, sql` and `);
}

interface RawEvent extends Omit<AuditEvent, 'at' | 'id'> {
  id: number | string;
  at: Date | string;
}
const toEvent = (r: RawEvent): AuditEvent => ({
  ...r,
  id: Number(r.id),
  at: (r.at instanceof Date ? r.at : new Date(r.at)).toISOString(),
});
const columns = sql`e.id, e.at, e.actor_id::text as actor_id, e.actor_label, e.action, e.object_type, e.object_id,
  e.reason, e.before, e.after, e.detail`;

/** Newest first (by time, then id), filtered and paged. */
export async function listAuditEvents(db: Db, q: AuditListQuery) {
  const cond = whereOf(q);
  const [countRes, rows] = await Promise.all([
    sql<{ n: number }>`select count(*)::int as n from audit_event e where ${cond}`.execute(db),
    sql<RawEvent>`select ${columns} from audit_event e where ${cond} order by e.at desc, e.id desc
      limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`.execute(db),
  ]);
  return { count: Number(countRes.rows[0].n), rows: rows.rows.map(toEvent) };
}

/** Every matching entry for the CSV, newest first, at most `limit`. */
export async function allAuditEvents(db: Db, q: Omit<AuditListQuery, 'page' | 'page_size'>, limit: number) {
  const res = await sql<RawEvent>`select ${columns} from audit_event e where ${whereOf(q)}
    order by e.at desc, e.id desc limit ${limit}`.execute(db);
  return res.rows.map(toEvent);
}

export const userForAudit = (db: Db, userId: string) =>
  db.selectFrom('user').select(['email', 'staff']).where('id', '=', userId).executeTakeFirst();
