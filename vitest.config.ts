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
    ],
  },
});
