import pg from 'pg';
import type { Database } from '../db/connection.js';

/**
 * Which process runs a job. PGlite has one process (its data folder is locked), so a set in memory is enough. On
 * PostgreSQL a session advisory lock per job, held on one dedicated connection: if the process dies its connection
 * closes and the lock is free at once, so another process (or the restarted one) resumes the job.
 */
export interface JobLocks {
  tryLock(jobId: string): Promise<boolean>;
  unlock(jobId: string): Promise<void>;
  close(): Promise<void>;
}

const LOCK_CLASS = 72_617_302;

export function createJobLocks(database: Database, log?: { warn(obj: object, msg: string): void }): JobLocks {
  const held = new Set<string>();
  if (database.kind !== 'postgres' || !database.url) {
    return {
      async tryLock(jobId) {
        if (held.has(jobId)) return false;
        held.add(jobId);
        return true;
      },
      async unlock(jobId) {
        held.delete(jobId);
      },
      async close() {
        held.clear();
      },
    };
  }
  const url = database.url;
  let client: Promise<pg.Client> | null = null;
  const connection = () => {
    client ??= (async () => {
      // Named with the process id, so that pg_locks and pg_stat_activity tell which process runs which job.
      const c = new pg.Client({ connectionString: url, application_name: `openrescue job locks (pid ${process.pid})` });
      c.on('error', (error) => {
        // Every lock of this connection is gone; the per-file guard still keeps files from being done twice.
        log?.warn({ err: error }, 'job lock connection lost');
        held.clear();
        client = null;
      });
      await c.connect();
      return c;
    })().catch((error) => {
      client = null;
      throw error;
    });
    return client;
  };
  return {
    async tryLock(jobId) {
      if (held.has(jobId)) return false;
      const c = await connection();
      const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [
        LOCK_CLASS,
        jobId,
      ]);
      if (rows[0]?.ok) held.add(jobId);
      return Boolean(rows[0]?.ok);
    },
    async unlock(jobId) {
      if (!held.delete(jobId)) return;
      const c = await connection();
      await c.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, jobId]);
    },
    async close() {
      held.clear();
      const c = client;
      client = null;
      if (c) await (await c).end().catch(() => {});
    },
  };
}
