import type { Kysely } from 'kysely';
import type { Job, JobStatus } from '@openrescue/shared';
import type { DB } from '../../db/schema.js';

export type JobRow = Job;

export function createJobsRepository(db: Kysely<DB>) {
  return {
    async listRecent(limit: number): Promise<JobRow[]> {
      const rows = await db
        .selectFrom('jobs')
        .select(['id', 'name', 'total', 'processed', 'status', 'updated_at', 'error'])
        .orderBy('updated_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        total: Number(r.total),
        processed: Number(r.processed),
        status: r.status as JobStatus,
        updated_at: new Date(r.updated_at as unknown as string).toISOString(),
        error: r.error ?? null,
      }));
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
