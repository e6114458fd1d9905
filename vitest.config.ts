import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/shared/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test-support/build-server.setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file builds its own app and database; two at a time suits these 2-core machines.
          maxWorkers: 2,
          fileParallelism: true,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
      {
        // Issue 10: the server as a cluster of processes on PostgreSQL behind nginx. In `npm test`'s PostgreSQL step.
        test: {
          name: 'cluster',
          include: ['apps/server/src/cluster/*.cluster.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test-support/build-server.setup.ts'],
          testTimeout: 600_000,
          hookTimeout: 600_000,
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
          globalSetup: ['apps/server/src/test-support/build-server.setup.ts'],
          testTimeout: 1_800_000,
          hookTimeout: 600_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
