import { join, resolve } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteBridge } from './pglite-bridge.js';
import type { DB } from './schema.js';
import { PGliteWorkerDialect } from './worker-dialect.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  kind: DatabaseKind;
  db: Kysely<DB>;
  /** PostgreSQL: the connection string, for the few dedicated connections (LISTEN, job locks). */
  url?: string;
  /** Runs a multi-statement SQL script on one connection (migrations, bulk loads). */
  execScript(sqlText: string): Promise<void>;
  /** A dedicated connection for work that must not interleave (migrations under an advisory lock). */
  withSession<T>(fn: (exec: (sqlText: string) => Promise<unknown>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole database as a tarball, to start others from (DatabaseOptions.pgliteTemplate). */
  dump?(): Promise<Uint8Array>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data folder; null keeps the database in memory (tests). */
  dataDir?: string | null;
  poolSize?: number;
  /** In-memory PGlite only: a file written from Database.dump() to start from (tests). */
  pgliteTemplate?: string;
}

// numeric and bigint columns come back as JS numbers (totals stay far below 2^53); dates as 'YYYY-MM-DD' text,
// the same on PGlite (pglite-worker.mjs), so no time zone shifts a calendar date.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));
pg.types.setTypeParser(1082, (v) => v);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPGlite(options.dataDir === undefined ? './data' : options.dataDir, options.pgliteTemplate);
}

function openPostgres(url: string, max: number): Database {
  // A connection attempt that hangs (a server that went away without refusing) fails after 5 s: the request gets a
  // 503 with Retry-After instead of waiting for the operating system's TCP timeout.
  // DateStyle ISO whatever the server's or the database's default: dates are read as the text PostgreSQL writes
  // (the 1082 parser above). Options in the URL itself take the place of these.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000, options: '-c DateStyle=ISO' });
  // An idle client dropped by the server (restart, failover, a dropped database) must not crash the process;
  // the pool replaces it on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // The pool listens for errors on idle connections only. One in use when the server goes away (a restart, a
  // failover) also emits 'error', which would end the process; its query fails on its own and the request gets a 503.
  pool.on('connect', (client) =>
    client.on('error', (error) => console.warn(`PostgreSQL connection lost while in use: ${error.message}`)),
  );
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'postgres',
    db,
    url,
    async execScript(sqlText) {
      await pool.query(sqlText);
    },
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn((sqlText) => client.query(sqlText));
      } finally {
        client.release();
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

async function openPGlite(dataDir: string | null, template?: string): Promise<Database> {
  const folder = dataDir === null ? null : resolve(dataDir);
  const unlock = folder ? lockDataDir(folder) : () => {};
  const bridge = new PGliteBridge(folder ? join(folder, 'pglite') : null, folder ? undefined : template);
  const db = new Kysely<DB>({ dialect: new PGliteWorkerDialect(bridge) });
  const exec = (sqlText: string) => bridge.exec(sqlText);
  try {
    await bridge.query('select 1', []);
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    kind: 'pglite',
    db,
    execScript: exec,
    withSession: (fn) => fn(exec),
    dump: () => bridge.dump(),
    async close() {
      try {
        await db.destroy();
      } finally {
        unlock();
      }
    },
  };
}
