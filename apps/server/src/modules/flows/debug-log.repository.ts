import type { DebugLogEntry } from '@openrescue/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** custom_debug_log, newest first (the Logs screen; spec 2.13). */
export async function listDebugLog(
  db: Kysely<DB>,
  limit: number,
  page: number,
): Promise<{ count: number; rows: DebugLogEntry[] }> {
  const [count, rows] = await Promise.all([
    db
      .selectFrom('custom_debug_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('custom_debug_log')
      .select(['id', 'target', 'error', 'creation_time', 'job_id'])
      .orderBy('creation_time', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
  ]);
  return {
    count: Number(count.n),
    rows: rows.map((r) => ({
      id: Number(r.id),
      target: r.target,
      error: r.error,
      job_id: r.job_id,
      creation_time: new Date(r.creation_time as unknown as string).toISOString(),
    })),
  };
}
