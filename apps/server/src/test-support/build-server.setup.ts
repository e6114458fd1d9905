// Vitest globalSetup (api project), once per run:
// - builds the server (scripts/build.mjs), so that the tests that start the real server as a process (the crash test)
//   start what `npm start` starts: dist/main.js (not when `npm test` has built it: OPENRESCUE_BUILT=1, as
//   lanes running side by side must not rewrite it under each other);
// - on PGlite, migrates one in-memory database and leaves its dump for every test file to start from
//   (TEST_PGLITE_TEMPLATE, read by openTestDatabase): ~1.5 s to load instead of ~4.5 s to initialise and migrate;
// - on PostgreSQL, migrates one database that every test file's database is created from (TEST_PG_TEMPLATE);
// - reads the report zone's rules from that database for every test file (TEST_REPORT_ZONE_RULES,
//   report-zone.setup.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM build script without types
import { buildServer } from '../../scripts/build.mjs';
import { REPORT_TIME_ZONE } from '@openrescue/shared';
import { type Database, openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';
import { readZoneRules } from '../db/zone-rules.js';
import { withAdminClient } from './test-database.js';

export default async function setup() {
  if (!process.env.OPENRESCUE_BUILT) await buildServer();
  if (process.env.TEST_DATABASE_URL) return migratedPostgresTemplate(process.env.TEST_DATABASE_URL);
  const dir = mkdtempSync(join(tmpdir(), 'openrescue-template-'));
  const database = await openDatabase({ dataDir: null });
  try {
    await migrate(database);
    await shareZoneRules(database);
    writeFileSync(join(dir, 'migrated.tar'), await database.dump!());
  } finally {
    await database.close();
  }
  process.env.TEST_PGLITE_TEMPLATE = join(dir, 'migrated.tar');
  return () => rmSync(dir, { recursive: true, force: true });
}

async function migratedPostgresTemplate(adminUrl: string) {
  const name = `or_template_${process.pid}`;
  const admin = (query: string) => withAdminClient(adminUrl, (client) => client.query(query));
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  try {
    await migrate(database);
    await shareZoneRules(database);
  } finally {
    await database.close();
  }
  process.env.TEST_PG_TEMPLATE = name;
  // The demo-seeded copies of it (test-support/demo-template.ts) go with it.
  return () =>
    withAdminClient(adminUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1 || '%'",
        [name],
      );
      for (const row of rows) await client.query(`drop database if exists ${row.datname} with (force)`);
    });
}

async function shareZoneRules(database: Database) {
  process.env.TEST_REPORT_ZONE_RULES = JSON.stringify(await readZoneRules(database.db, REPORT_TIME_ZONE));
}
