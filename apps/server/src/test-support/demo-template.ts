import { closeSync, existsSync, mkdtempSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import { type Database, openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { prepareDemo } from '../demo-setup.js';
import { openTestDatabase, withAdminClient } from './test-database.js';

/**
 * The demo network (prepareDemo) takes 2-3 s to seed and its five accounts' passwords to hash; some 30 API test
 * files start from it. Each size is seeded once per run, in an app of its own, and copied for every file that asks:
 * on PGlite a dump next to the migrated one (TEST_PGLITE_TEMPLATE), on PostgreSQL a template database named after
 * the migrated one (TEST_PG_TEMPLATE). Without those (a test file run outside the global set-up) it seeds in place.
 */
export async function openDemoDatabase(donations: number): Promise<Database | null> {
  const migrated = process.env.TEST_DATABASE_URL ? process.env.TEST_PG_TEMPLATE : process.env.TEST_PGLITE_TEMPLATE;
  if (!migrated) return null;
  if (!process.env.TEST_DATABASE_URL) {
    const file = join(dirname(migrated), `demo-${donations}.tar`);
    await onceAcrossWorkers(
      `${file}.lock`,
      () => existsSync(file),
      () => seedPgliteDump(donations, file),
    );
    const database = await openDatabase({ dataDir: null, pgliteTemplate: file });
    await migrate(database);
    return database;
  }
  const name = `${migrated}_demo_${donations}`;
  await withAdminClient(process.env.TEST_DATABASE_URL, async (admin) => {
    // One seeding per size: the other workers wait here, then find it made.
    await admin.query('select pg_advisory_lock(902028, $1)', [donations]);
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await seedPostgresTemplate(admin, migrated, name, donations);
  });
  return openTestDatabase(name);
}

async function seedDemo(database: Database, donations: number) {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const dataDir = mkdtempSync(join(tmpdir(), 'openrescue-demo-template-'));
  const built = await buildApp({ env, database, origin: 'http://localhost:8080', dataDir, logger: false });
  try {
    await built.app.ready();
    await prepareDemo(built.ctx, donations, () => {});
  } finally {
    await built.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function seedPgliteDump(donations: number, file: string) {
  const database = await openTestDatabase();
  try {
    await seedDemo(database, donations);
    writeFileSync(`${file}.part`, await database.dump!());
    renameSync(`${file}.part`, file);
  } finally {
    await database.close();
  }
}

async function seedPostgresTemplate(admin: pg.Client, migrated: string, name: string, donations: number) {
  await admin.query(`create database ${name} template ${migrated}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  try {
    await seedDemo(database, donations);
  } finally {
    await database.close();
  }
}

/** Runs `make` in one test worker at a time until `done()`; the others wait for it (a lock file made with O_EXCL). */
async function onceAcrossWorkers(lock: string, done: () => boolean, make: () => Promise<void>) {
  for (;;) {
    if (done()) return;
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    try {
      if (!done()) await make();
    } finally {
      closeSync(fd);
      rmSync(lock, { force: true });
    }
  }
}
