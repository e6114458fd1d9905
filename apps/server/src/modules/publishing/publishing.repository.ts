import { UNFINISHED_JOB_STATUSES } from '@openrescue/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB, JobStatusValue } from '../../db/schema.js';
import { insertNumberedJob } from '../jobs/job-rows.repository.js';

/** A publish file with the names its documents and downloads are made from. */
export interface PublishTarget {
  id: number;
  file_type: 'CHARITY_REPORT' | 'STORE_REPORT' | 'COMPANY_REPORT';
  entry_date: string;
  company_id: number | null;
  store_id: number | null;
  receiver_id: number | null;
  company_name: string | null;
  store_name: string | null;
  receiver_name: string | null;
}

export interface PendingItem {
  seq: number;
  publish_file_id: number;
}

/** The job after a file's commit: what the live streams need to show the progress without asking again. */
export interface CommittedFile {
  processed: number;
  status: JobStatusValue;
  updated_at: string;
  error: string | null;
  publish_file_id: number;
  failed: boolean;
}

/** One document of a published file, as the commit writes it. */
export interface DocumentOutcome {
  file_type: 'xlsx' | 'pdf';
  file_uri: string | null;
  byte_size: number | null;
  error: string | null;
}

/** Another runner committed this file first: roll back, write nothing. */
class AlreadyDone extends Error {}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function createPublishingRepository(db: Kysely<DB>) {
  return {
    /** The publish files of these ids (missing ones are simply absent), with company, store and receiver names. */
    async targets(ids: number[]): Promise<Map<number, PublishTarget>> {
      const out = new Map<number, PublishTarget>();
      for (let i = 0; i < ids.length; i += 1000) {
        const rows = await db
          .selectFrom('publish_file as p')
          .leftJoin('company as c', 'c.id', 'p.company_id')
          .leftJoin('store as s', 's.id', 'p.store_id')
          .leftJoin('receiver as r', 'r.id', 'p.receiver_id')
          .select([
            'p.id',
            'p.file_type',
            'p.entry_date',
            'p.company_id',
            'p.store_id',
            'p.receiver_id',
            'c.name as company_name',
            's.name as store_name',
            'r.name as receiver_name',
          ])
          .where('p.id', 'in', ids.slice(i, i + 1000))
          .execute();
        for (const r of rows) {
          out.set(Number(r.id), {
            ...r,
            id: Number(r.id),
            entry_date: String(r.entry_date).slice(0, 10),
            company_id: num(r.company_id),
            store_id: num(r.store_id),
            receiver_id: num(r.receiver_id),
          });
        }
      }
      return out;
    },

    /** A new publish job and its files, in one transaction; the run number makes the id ({name}_{n}). */
    async createJob(job: {
      name: string;
      total: number;
      payload: Record<string, unknown>;
      createdBy: string | null;
      ids: number[];
      /** Runs in the transaction that makes the job: its live-update notice, its audit entry. */
      onCreated?: (trx: Transaction<DB>, id: string) => Promise<void>;
    }) {
      return db.transaction().execute(async (trx) => {
        const id = await insertNumberedJob(trx, {
          name: job.name,
          kind: 'publish',
          total: job.total,
          payload: job.payload,
          createdBy: job.createdBy,
        });
        for (let i = 0; i < job.ids.length; i += 1000) {
          const chunk = job.ids
            .slice(i, i + 1000)
            .map((publish_file_id, k) => ({ job_id: id, seq: i + k, publish_file_id }));
          await trx.insertInto('job_item').values(chunk).execute();
        }
        await job.onCreated?.(trx, id);
        return id;
      });
    },

    async job(jobId: string) {
      const row = await db
        .selectFrom('jobs')
        .select(['id', 'status', 'total', 'processed', 'payload'])
        .where('id', '=', jobId)
        .executeTakeFirst();
      return row
        ? {
            ...row,
            total: Number(row.total),
            processed: Number(row.processed),
            payload: (row.payload ?? {}) as Record<string, unknown>,
          }
        : null;
    },

    async pendingItems(jobId: string): Promise<PendingItem[]> {
      const rows = await db
        .selectFrom('job_item')
        .select(['seq', 'publish_file_id'])
        .where('job_id', '=', jobId)
        .where('state', '=', 'pending')
        .orderBy('seq')
        .execute();
      return rows.map((r) => ({ seq: Number(r.seq), publish_file_id: Number(r.publish_file_id) }));
    },

    /** initialized -> started (the runner took the job). */
    async markStarted(jobId: string): Promise<boolean> {
      const r = await db
        .updateTable('jobs')
        .set({ status: 'started', updated_at: sql`now()` })
        .where('id', '=', jobId)
        .where('status', '=', 'initialized')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /**
     * One file's outcome in one transaction: the item leaves 'pending' (if another runner got there first,
     * everything rolls back and null comes back), the publish file is stamped, its documents are recorded as its
     * next version, render errors go to the debug log, and the job's processed count grows by one.
     */
    async commitFile(c: {
      jobId: string;
      target: PublishTarget;
      documents: DocumentOutcome[];
      notify?: (trx: Transaction<DB>) => Promise<void>;
    }): Promise<CommittedFile | null> {
      return db
        .transaction()
        .execute(async (trx) => {
          const failed = c.documents.filter((d) => d.error);
          // The job's row lock orders concurrent commits of one job: this file is number processed + 1.
          const locked = await trx
            .selectFrom('jobs')
            .select('processed')
            .where('id', '=', c.jobId)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const order = Number(locked.processed) + 1;
          const claimed = await trx
            .updateTable('job_item')
            .set({
              state: failed.length ? 'failed' : 'done',
              finished_at: sql`now()`,
              finish_order: order,
              error: failed.map((d) => `${d.file_type}: ${d.error}`).join('; ') || null,
            })
            .where('job_id', '=', c.jobId)
            .where('publish_file_id', '=', c.target.id)
            .where('state', '=', 'pending')
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) === 0) throw new AlreadyDone();
          // Locks the publish file's row: two jobs publishing the same file get consecutive versions.
          await trx
            .updateTable('publish_file')
            .set({
              file_change_time: sql`now()`,
              file_status: failed.length ? 'FAILED' : 'PUBLISHED',
              publish_count: sql`publish_count + 1`,
            })
            .where('id', '=', c.target.id)
            .execute();
          const { v } = await trx
            .selectFrom('generated_file')
            .select(sql<number>`coalesce(max(version), 0) + 1`.as('v'))
            .where('publish_file_id', '=', c.target.id)
            .executeTakeFirstOrThrow();
          const t = c.target;
          await trx
            .insertInto('generated_file')
            .values(
              c.documents.map((d) => ({
                publish_file_id: t.id,
                company_id: t.company_id,
                store_id: t.store_id,
                receiver_id: t.receiver_id,
                file_type: d.file_type,
                entry_date: t.entry_date,
                file_status: d.error ? 'QUEUE:RENDER:ERROR' : 'QUEUE:RENDER:SUCCESS',
                file_uri: d.file_uri,
                version: Number(v),
                byte_size: d.byte_size,
                job_id: c.jobId,
                error: d.error,
              })),
            )
            .execute();
          if (failed.length) {
            await trx
              .insertInto('custom_debug_log')
              .values(
                failed.map((d) => ({
                  target: c.jobId.replace(/_\d+$/, ''),
                  job_id: c.jobId,
                  error: `Publish file ${t.id} (${d.file_type}): ${d.error}`,
                  detail: JSON.stringify({ publish_file_id: t.id, file_type: d.file_type, entry_date: t.entry_date }),
                })),
              )
              .execute();
          }
          // Last, so that updated_at is (nearly) the moment the progress becomes visible.
          const job = await trx
            .updateTable('jobs')
            .set({
              processed: sql`processed + 1`,
              status: sql`case when status in ('initialized', 'started') then 'progressing' else status end`,
              updated_at: sql`clock_timestamp()`,
            })
            .where('id', '=', c.jobId)
            .returning(['processed', 'status', 'updated_at', 'error'])
            .executeTakeFirstOrThrow();
          await c.notify?.(trx);
          return {
            processed: Number(job.processed),
            status: job.status,
            updated_at: new Date(job.updated_at).toISOString(),
            error: job.error,
            publish_file_id: t.id,
            failed: failed.length > 0,
          };
        })
        .catch((error: unknown) => {
          if (error instanceof AlreadyDone) return null;
          throw error;
        });
    },

    /** Every file done: succeeded (the error says how many renders failed), or failed when none rendered. */
    async finishJob(jobId: string): Promise<boolean> {
      const r = await db
        .updateTable('jobs')
        .set({
          status: sql`case when total > 0 and (select count(*) from job_item i where i.job_id = jobs.id and i.state = 'failed') = total
            then 'failed' else 'succeeded' end`,
          error: sql`(select case when count(*) = 0 then null
            else count(*) || ' of ' || jobs.total || ' files failed to render; see Logs' end
            from job_item i where i.job_id = jobs.id and i.state = 'failed')`,
          updated_at: sql`now()`,
        })
        .where('id', '=', jobId)
        .where('status', 'in', UNFINISHED_JOB_STATUSES)
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('job_item').select('seq').where('job_id', '=', jobId).where('state', '=', 'pending'))),
        )
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Up to 500 generated files that say SUCCESS and name a file_uri but hold no stored bytes (the demo's history). */
    async documentsNeverStored() {
      return db
        .selectFrom('generated_file')
        .select(['id', 'publish_file_id', 'file_type', 'file_uri'])
        .where('byte_size', 'is', null)
        .where('file_uri', 'is not', null)
        .where(sql<boolean>`split_part(file_status, ':', 3) = 'SUCCESS'`)
        .orderBy('id')
        .limit(500)
        .execute();
    },

    async setByteSize(generatedFileId: number, size: number) {
      await db.updateTable('generated_file').set({ byte_size: size }).where('id', '=', generatedFileId).execute();
    },
  };
}

/** Generated files with the company, store and receiver names downloads are named from (selectors narrow it). */
export function generatedFilesNamed(db: Kysely<DB>) {
  return db
    .selectFrom('generated_file as t')
    .leftJoin('company as c', 'c.id', 't.company_id')
    .leftJoin('store as s', 's.id', 't.store_id')
    .leftJoin('receiver as r', 'r.id', 't.receiver_id')
    .select([
      't.id',
      't.file_type',
      't.file_uri',
      't.version',
      't.creation_time',
      't.entry_date',
      'c.name as company',
      's.name as store',
      'r.name as receiver',
    ]);
}

export type PublishingRepository = ReturnType<typeof createPublishingRepository>;
