import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (the API suite runs once each way), copied from `pgTemplate`.
 */
export async function openTestDatabase(pgTemplate = process.env.TEST_PG_TEMPLATE): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    // build-server.setup.ts leaves a migrated database to copy; migrate() then finds nothing to do.
    const database = await openDatabase({ dataDir: null, pgliteTemplate: process.env.TEST_PGLITE_TEMPLATE });
    await migrate(database);
    return database;
  }
  const name = `or_test_${randomBytes(6).toString('hex')}`;
  // build-server.setup.ts leaves a migrated database to copy (TEST_PG_TEMPLATE); migrate() then finds nothing to do.
  await withAdminClient(adminUrl, (admin) =>
    admin.query(`create database ${name}${pgTemplate ? ` template ${pgTemplate}` : ''}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  await migrate(database);
  const close = database.close.bind(database);
  database.close = async () => {
    await close();
    await withAdminClient(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
  };
  return database;
}

/** Runs `fn` on a connection of its own to the PostgreSQL server at `adminUrl`, and closes it. */
export async function withAdminClient<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}
