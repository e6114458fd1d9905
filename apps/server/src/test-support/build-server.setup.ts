// Vitest globalSetup (api project), once per run:
// - builds the server (scripts/build.mjs), so that the tests that start the real server as a process (the crash test)
//   start what `npm start` starts: dist/main.js;
// - on PGlite, migrates one in-memory database and leaves its dump for every test file to start from
//   (TEST_PGLITE_TEMPLATE, read by openTestDatabase): ~1.5 s to load instead of ~4.5 s to initialise and migrate.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM build script without types
import { buildServer } from '../../scripts/build.mjs';
import { openDatabase } from '../db/connection.js';
import { migrate } from '../db/migrate.js';

export default async function setup() {
  await buildServer();
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(join(tmpdir(), 'openrescue-template-'));
  const database = await openDatabase({ dataDir: null });
  try {
    await migrate(database);
    writeFileSync(join(dir, 'migrated.tar'), await database.dump!());
  } finally {
    await database.close();
  }
  process.env.TEST_PGLITE_TEMPLATE = join(dir, 'migrated.tar');
  return () => rmSync(dir, { recursive: true, force: true });
}
