import { UNFINISHED_JOB_STATUSES } from '@openrescue/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export const isUnfinished = (status: string) => (UNFINISHED_JOB_STATUSES as readonly string[]).includes(status);

export interface NumberedJob {
  name: string;
  kind: string;
  payload: object;
  createdBy: string | null;
  total?: number;
}

/**
 * A new job row {name}_{n}, n one more than the jobs of that name so far, in the caller's transaction (the
 * one-active-job-per-name index refuses a second active one). Returns its id.
 */
export async function insertNumberedJob(trx: Transaction<DB>, job: NumberedJob): Promise<string> {
  const { n } = await trx
    .selectFrom('jobs')
    .select(sql<number>`count(*)`.as('n'))
    .where('name', '=', job.name)
    .executeTakeFirstOrThrow();
  const id = `${job.name}_${Number(n) + 1}`;
  await trx
    .insertInto('jobs')
    .values({
      id,
      name: job.name,
      kind: job.kind,
      status: 'initialized',
      total: job.total ?? 0,
      processed: 0,
      payload: JSON.stringify(job.payload),
      created_by: job.createdBy,
    })
    .execute();
  return id;
}

/** Moves a job on unless it has ended (an ended job stays as it ended). */
export async function updateUnfinishedJob(db: Db, id: string, values: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ ...values, updated_at: sql`now()` } as never)
    .where('id', '=', id)
    .where('status', 'in', UNFINISHED_JOB_STATUSES)
    .execute();
}

/** A job's row with its payload: what its handler resumes from, and what its owner's routes answer. */
export const jobWithPayload = (db: Db, id: string) =>
  db
    .selectFrom('jobs')
    .select(['id', 'kind', 'status', 'processed', 'total', 'error', 'payload'])
    .where('id', '=', id)
    .executeTakeFirst();

/** The payload without `key` (a job's uploaded file, once the job has ended). */
export const payloadWithout = (key: string) => sql`payload - ${sql.lit(key)}`;

/** The payload with `key` set to `value` (and without `dropped`, when given). */
export const payloadWith = (key: string, value: unknown, dropped?: string) =>
  sql`jsonb_set(${dropped ? payloadWithout(dropped) : sql`payload`}, ${sql.lit(`{${key}}`)}, ${JSON.stringify(value)}::jsonb)`;
