import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type Kysely, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/connection.js';
import type { DB, JobStatusValue } from '../db/schema.js';

/**
 * "A job row changed": the in-process bus that the job runner and the job-creating routes tell, and that the live
 * streams listen to. On PostgreSQL the same news travels between server processes through LISTEN/NOTIFY (the
 * notification is sent inside the transaction that changes the row, so it arrives only if that commits); PGlite
 * has one process, so the in-process bus is all there is.
 */
export const JOB_CHANNEL = 'openrescue_jobs';

/**
 * What changed, when the changer knows it (a publish file's commit): the live streams apply it to the row they
 * already hold instead of reading the row again. Without it, listeners read the row.
 */
export interface JobPatch {
  processed: number;
  status: JobStatusValue;
  updated_at: string;
  error: string | null;
  /** The publish file that finished, and its place in the finishing order. */
  finished?: { publish_file_id: number; failed: boolean; order: number };
}

export interface JobEvents {
  /** Tells this process's listeners that `jobId` changed (call after the commit). */
  changed(jobId: string, patch?: JobPatch): void;
  /** Inside the changing transaction: tells the other processes (PostgreSQL; nothing on PGlite). */
  notify(trx: Transaction<DB> | Kysely<DB>, jobId: string): Promise<void>;
  /** A change committed on its own (no transaction to notify in): tells this process's listeners and the others. */
  changedEverywhere(db: Kysely<DB>, jobId: string): Promise<void>;
  on(listener: (jobId: string, patch?: JobPatch) => void): () => void;
  /** Starts listening to the other processes (PostgreSQL). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createJobEvents(database: Database, log?: { warn(obj: object, msg: string): void }): JobEvents {
  const bus = new EventEmitter();
  bus.setMaxListeners(0);
  // Notifications carry "<origin>:<job id>"; a process skips its own (it already told its listeners).
  const origin = randomBytes(6).toString('hex');
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  async function listen() {
    if (closed || !database.url) return;
    const c = new pg.Client({ connectionString: database.url });
    c.on('notification', (n) => {
      const payload = n.payload ?? '';
      const at = payload.indexOf(':');
      if (at < 0 || payload.slice(0, at) === origin) return;
      bus.emit('changed', payload.slice(at + 1));
    });
    const reconnect = (error: Error) => {
      if (closed || client !== c) return;
      client = null;
      log?.warn({ err: error }, 'job notifications lost; listening again in 1 s');
      c.end().catch(() => {});
      retry = setTimeout(() => void listen().catch(reconnect), 1000);
      retry.unref();
    };
    c.on('error', reconnect);
    c.on('end', () => reconnect(new Error('connection ended')));
    client = c;
    await c.connect();
    await c.query(`listen ${JOB_CHANNEL}`);
  }

  return {
    changed(jobId, patch) {
      bus.emit('changed', jobId, patch);
    },
    async changedEverywhere(db, jobId) {
      this.changed(jobId);
      await this.notify(db, jobId);
    },
    async notify(trx, jobId) {
      if (database.kind !== 'postgres') return;
      await sql`select pg_notify(${JOB_CHANNEL}, ${`${origin}:${jobId}`})`.execute(trx);
    },
    on(listener) {
      bus.on('changed', listener);
      return () => bus.off('changed', listener);
    },
    async start() {
      await listen();
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
      bus.removeAllListeners();
    },
  };
}
