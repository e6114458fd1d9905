import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import { accessToken, type ServerProcess, startServer } from '../test-support/processes/server-process.js';
import { item } from '../test-support/fixtures/retail.js';
import { linkedStore } from '../test-support/load/demo-requests.js';

/**
 * Suite 6 of issue 9, the embedded database: 50 rounds of SIGKILL of the server while it writes (4 writers, each
 * waiting for its answer before the next), then every write it acknowledged (201) is in the data folder; and a second
 * server started on a folder in use is refused with a message that says so.
 */
const ROUNDS = Number(process.env.RESILIENCE_KILL_ROUNDS ?? 50);
const WRITERS = 4;
const dir = mkdtempSync(join(tmpdir(), 'openrescue-embedded-kill-'));
const env = {
  DATA_DIR: dir,
  DEMO_DONATIONS: '300',
  LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
  ACCESS_TOKEN_TTL_SECONDS: '3600',
};
let server: ServerProcess | null = null;
let target = { storeId: 0, receiverId: 0 };
afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

it('a second server on a data folder in use is refused, saying which process has it', async () => {
  server = await startServer(env, 300_000);
  const second = startServer({ ...env }, 60_000).then(
    () => 'started',
    (error: Error) => error.message,
  );
  const outcome = await second;
  expect(outcome).toContain(`is in use by process ${server.child.pid}`);
  expect(outcome).toContain('set DATA_DIR to another folder');
  // The first one is unharmed.
  expect((await fetch(`${server.base}/health`)).status).toBe(200);
  await server.stop('SIGTERM');
  server = null;
});

it(`${ROUNDS} rounds of SIGKILL while writing lose no acknowledged write`, async () => {
  const acknowledged: string[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    server = await startServer(env, 300_000);
    const base = server.base;
    const token = await accessToken(base, 'staff@openrescue.test', 'demo-staff');
    if (round === 0) target = await linkedStore(base, token);
    let killed = false;
    const writer = async (w: number) => {
      for (let n = 0; !killed; n += 1) {
        const key = `embedded-kill-${round}-${w}-${n}`;
        const body = [item(target, { department: 1 + (n % 7), weight_kg: 2 })];
        try {
          const res = await fetch(`${base}/core-api/api/bulkscan/`, {
            method: 'POST',
            body: JSON.stringify(body),
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': key },
          });
          if (res.status === 201) acknowledged.push(key);
          else if (!killed) throw new Error(`write ${key}: ${res.status} ${await res.text()}`);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    await new Promise((r) => setTimeout(r, 500 + Math.random() * 2000));
    killed = true;
    await server.stop('SIGKILL');
    server = null;
    await Promise.all(writers);
  }
  const database = await openDatabase({ dataDir: dir });
  const rows = await database.db
    .selectFrom('bulk_scan')
    .select('idempotency_key')
    .where('idempotency_key', 'like', 'embedded-kill-%')
    .execute();
  await database.close();
  const stored = new Set(rows.map((r) => r.idempotency_key));
  const lost = acknowledged.filter((key) => !stored.has(key));
  expect(lost).toEqual([]);
  console.log(
    `resilience: embedded database, ${ROUNDS} SIGKILLs while writing: ${acknowledged.length} acknowledged writes, ${lost.length} lost, ` +
      `${stored.size - acknowledged.length} more stored (answers the kill cut off)`,
  );
});
