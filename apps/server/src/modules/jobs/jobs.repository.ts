import { type Kysely, sql } from 'kysely';
import { FLOW_IDS, flowJobName, type JobStatus, type LiveJob, UNFINISHED_JOB_STATUSES } from '@openrescue/shared';
import type { DB } from '../../db/schema.js';

export type JobRow = LiveJob;

function toJob(r: Record<string, unknown>): LiveJob {
  const payload = (r.payload ?? {}) as { parallel?: number };
  const job: LiveJob = {
    id: String(r.id),
    name: String(r.name),
    total: Number(r.total),
    processed: Number(r.processed),
    status: r.status as JobStatus,
    updated_at: new Date(r.updated_at as string).toISOString(),
    error: (r.error as string | null) ?? null,
    kind: String(r.kind),
    created_at: new Date(r.created_at as string).toISOString(),
    parallel: typeof payload.parallel === 'number' ? payload.parallel : null,
  };
  if (Array.isArray(r.done_ids)) job.done_ids = r.done_ids.map(Number);
  if (Array.isArray(r.failed_ids)) job.failed_ids = r.failed_ids.map(Number);
  return job;
}

/**
 * Job rows as Jobs History and the live `tasks` stream show them. A publish job's finished file ids come along
 * while it runs (and whenever `withItems` asks for them: the event that finishes it).
 */
export function createJobsRepository(db: Kysely<DB>) {
  function select(withItems: 'active' | 'always') {
    const wanted =
      withItems === 'always'
        ? sql<boolean>`j.kind = 'publish'`
        : sql<boolean>`j.kind = 'publish' and j.status in (${sql.join(UNFINISHED_JOB_STATUSES)})`;
    return db.selectFrom('jobs as j').select([
      'j.id',
      'j.name',
      'j.kind',
      'j.total',
      'j.processed',
      'j.status',
      'j.updated_at',
      'j.created_at',
      'j.error',
      'j.payload',
      sql<
        number[] | null
      >`case when ${wanted} then (select coalesce(json_agg(i.publish_file_id order by i.finish_order), '[]')
        from job_item i where i.job_id = j.id and i.state <> 'pending') end`.as('done_ids'),
      sql<
        number[] | null
      >`case when ${wanted} then (select coalesce(json_agg(i.publish_file_id order by i.finish_order), '[]')
        from job_item i where i.job_id = j.id and i.state = 'failed') end`.as('failed_ids'),
    ]);
  }

  return {
    /** Jobs History: the most recently changed jobs first. */
    async listRecent(limit: number): Promise<LiveJob[]> {
      const rows = await select('active').orderBy('j.updated_at', 'desc').orderBy('j.id').limit(limit).execute();
      return rows.map(toJob);
    },

    /**
     * The live stream's first documents: the `limit` most recently created jobs, and the latest run of each flow
     * however old (the Flows screen's cards show it), oldest first.
     */
    async recentForStream(limit: number): Promise<LiveJob[]> {
      const rows = await select('active')
        .orderBy('j.created_at', 'desc')
        .orderBy('j.id', 'desc')
        .limit(limit)
        .execute();
      const latestFlows = await select('active')
        .distinctOn('j.name')
        .where('j.name', 'in', FLOW_IDS.map(flowJobName))
        .orderBy('j.name')
        .orderBy('j.created_at', 'desc')
        .orderBy('j.id', 'desc')
        .execute();
      const ids = new Set(rows.map((r) => r.id));
      const older = latestFlows.filter((r) => !ids.has(r.id)).map(toJob);
      const recent = rows.map(toJob).reverse();
      return [...older.sort((a, b) => a.created_at.localeCompare(b.created_at)), ...recent];
    },

    /** These jobs as they are now, with their file ids (the live stream's added / modified events). */
    async byIds(ids: string[]): Promise<LiveJob[]> {
      if (!ids.length) return [];
      const rows = await select('always').where('j.id', 'in', ids).execute();
      return rows.map(toJob);
    },

    /** The job of this name that is started, progressing or initialized, if any. */
    async activeByName(name: string): Promise<LiveJob | null> {
      const row = await select('active')
        .where('j.name', '=', name)
        .where('j.status', 'in', UNFINISHED_JOB_STATUSES)
        .executeTakeFirst();
      return row ? toJob(row) : null;
    },
  };
}

export type JobsRepository = ReturnType<typeof createJobsRepository>;
