import { defineConfig } from 'vitest/config';
// @ts-expect-error plain ESM script without types
import { EMBEDDED_ONLY, serverTests } from './scripts/database-tests.mjs';
// @ts-expect-error plain ESM script without types
import { ALONE, SlowFirstSequencer, TIMED } from './scripts/slow-first-sequencer.mjs';

// Server test files that reach no database run once, with the unit tests; the rest run on PGlite and on PostgreSQL.
const server: { database: string[]; plain: string[] } = serverTests();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// Files that bound answer times run in the `timed` project, after the rest, with the machine to themselves.
const notTimed = [...TIMED, ...ALONE];
// Projects that start a database: the server built and a migrated template made once (build-server.setup.ts), and
// every file reckoning the network's days by that database's rules (report-zone.setup.ts).
const databaseSetup = {
  globalSetup: ['apps/server/src/test-support/build-server.setup.ts'],
  setupFiles: ['apps/server/src/test-support/report-zone.setup.ts'],
};

export default defineConfig({
  test: {
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}', ...server.plain],
          exclude: notTimed,
          environment: 'node',
          // The server's database-free files include heavy renders (a 40,000-row spreadsheet).
          testTimeout: 60_000,
          // No file mocks a module or leaves globals behind: one module graph per worker saves ~0.5 s per file.
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: server.database,
          // The PostgreSQL pass leaves out what only the embedded database can show (scripts/database-tests.mjs).
          exclude: [...notTimed, ...(onPostgres ? Object.keys(EMBEDDED_ONLY) : [])],
          environment: 'node',
          ...databaseSetup,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file builds its own app and database; two at a time suits these 2-core machines (three measured no
          // faster and took more CPU: decision 0087).
          maxWorkers: 2,
          fileParallelism: true,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Answer-time bounds (scripts/slow-first-sequencer.mjs): after the rest, two files at a time, nothing beside
        // them. On PostgreSQL only the files that reach a database.
        test: {
          name: 'timed',
          include: TIMED.filter((f: string) =>
            onPostgres ? server.database.includes(f) && !(f in EMBEDDED_ONLY) : true,
          ),
          environment: 'node',
          ...databaseSetup,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          fileParallelism: true,
          isolate: false,
          sequence: { groupOrder: 3 },
        },
      },
      {
        // Timing bounds kept away from the database passes' CPU: one file at a time, in `npm test` beside the cluster
        // and the smoke (scripts/test-all.mjs processTests).
        test: {
          name: 'api-alone',
          include: ALONE.filter((f: string) => !(onPostgres && f in EMBEDDED_ONLY)),
          environment: 'node',
          ...databaseSetup,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          sequence: { groupOrder: 4 },
        },
      },
      {
        // Issue 10: the server as a cluster of processes on PostgreSQL behind nginx. In `npm test`'s PostgreSQL step.
        test: {
          name: 'cluster',
          include: ['apps/server/src/cluster/*.cluster.ts'],
          environment: 'node',
          ...databaseSetup,
          testTimeout: 600_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // The built server on Node 24 LTS (apps/server/src/smoke): in `npm test` after the web build.
        test: {
          name: 'smoke',
          include: ['apps/server/src/smoke/*.smoke.ts'],
          environment: 'node',
          ...databaseSetup,
          testTimeout: 60_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
      {
        // `npm run test:resilience` (scripts/test-resilience.mjs): minutes-long scenarios against the real server
        // process, one at a time; not part of `npm test`.
        test: {
          name: 'resilience',
          include: ['apps/server/src/resilience/*.resilience.ts'],
          environment: 'node',
          ...databaseSetup,
          testTimeout: 1_800_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
