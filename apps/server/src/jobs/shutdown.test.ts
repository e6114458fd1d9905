import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../test-support/processes/server-process.js';

/**
 * A stop (SIGTERM, as a deployment restarts the server) right after a start, while the start-up tasks (storing the
 * demo's documents and recordings) are still at work: they stop between two steps and the job runner waits for them
 * before the database closes, so nothing fails on a closed connection. Before, each logged an error.
 */
const dir = mkdtempSync(join(tmpdir(), 'openrescue-shutdown-'));
let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('stopping the server', () => {
  it('lets its start-up tasks stop between two steps', async () => {
    server = await startServer({ DATA_DIR: dir, SEED_DEMO: 'true', DEMO_DONATIONS: '2000' }, 120_000);
    await server.stop('SIGTERM'); // at once: the demo's documents and recordings are still being stored
    expect(server.child.exitCode).toBe(0);
    expect(
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":50')),
    ).toEqual([]);
  });
});
