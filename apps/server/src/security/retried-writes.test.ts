import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import {
  api,
  createPostgresDatabase,
  type ServerProcess,
  staffToken,
  startServer,
} from '../test-support/processes/server-process.js';
import { startTestSmtpServer, type TestSmtpServer, waitUntil } from '../test-support/smtp-server.js';
import { createRetailFixture, daysAgo, item, type RetailFixture } from '../test-support/fixtures/retail.js';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../test-support/test-app.js';

/**
 * Suite 5 of issue 9, retried writes: a client that sends again (a flaky network, an impatient user, a crashed
 * server) changes the data once. Bulk weight entry with an Idempotency-Key (Stripe-style), and the charity mail send
 * through a server process killed while it sends.
 */
const ROWS = 500;
const BULK_URL = '/core-api/api/bulkscan/';

describe('bulk weight entry sent again', () => {
  let t: TestApp;
  let tokens: Record<DemoRole, string>;
  let f: RetailFixture;
  beforeAll(async () => {
    t = await buildTestApp({}, { demo: 300 });
    tokens = await signInDemoAccounts(t.app);
    f = await createRetailFixture(t);
  });
  afterAll(async () => t?.close());

  /**
   * 500 different rows (weights and times), the batch a busy depot enters at the end of a week: whole kg and times
   * within the back-date window, as POST bulkscan/ takes them (decision 0038).
   */
  const batch = (seed: number) =>
    Array.from({ length: ROWS }, (_, i) =>
      item(f, {
        department: (i % 7) + 1,
        weight_kg: 1 + ((seed * 101 + i * 37) % 999),
        entry_time: new Date(Date.parse(daysAgo(5, 8)) + i * 60_000).toISOString(),
      }),
    );
  const post = (body: unknown, key: string) =>
    t.app.inject({
      method: 'POST',
      url: BULK_URL,
      payload: body as object,
      headers: { authorization: `Bearer ${tokens.staff}`, 'idempotency-key': key },
    });
  const counts = async () => {
    const { rows } = await sql<{ scans: string; donations: string; kg: string }>`select
      (select count(*) from bulk_scan) as scans, (select count(*) from donation) as donations,
      (select coalesce(sum(weight_kg), 0) from donation_monthly) as kg`.execute(t.database.db);
    return { scans: Number(rows[0].scans), donations: Number(rows[0].donations), kg: Number(rows[0].kg) };
  };

  it(`${ROWS} rows sent 10 times in a row insert ${ROWS} rows once, every answer the first one`, async () => {
    const before = await counts();
    const body = batch(1);
    const answers = [];
    for (let i = 0; i < 10; i += 1) answers.push(await post(body, 'retry-seq-500'));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const after = await counts();
    expect(after.scans - before.scans).toBe(ROWS);
    expect(after.donations - before.donations).toBe(ROWS);
    console.log(`retried writes: ${ROWS} rows x 10 in a row -> ${after.scans - before.scans} inserted`);
  });

  it(`${ROWS} rows sent 20 times at once insert ${ROWS} rows once`, async () => {
    const before = await counts();
    const body = batch(2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(body, 'retry-burst-500')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const after = await counts();
    expect(after.scans - before.scans).toBe(ROWS);
    expect(after.donations - before.donations).toBe(ROWS);
    console.log(`retried writes: ${ROWS} rows x 20 at once -> ${after.scans - before.scans} inserted`);
  });

  it('refuses a reused key with another body and changes nothing', async () => {
    expect((await post(batch(3), 'retry-reuse-500')).statusCode).toBe(201);
    const before = await counts();
    const other = batch(3);
    other[ROWS - 1] = { ...other[ROWS - 1], weight_kg: other[ROWS - 1].weight_kg === 7 ? 8 : 7 };
    const res = await post(other, 'retry-reuse-500');
    expect(res.statusCode).toBe(422);
    expect(res.json().type).toBe('idempotency_conflict');
    expect(await counts()).toEqual(before);
  });

  it(`one bad row among ${ROWS} inserts nothing, and the same key then takes the corrected batch`, async () => {
    const before = await counts();
    const body = batch(4);
    const bad = [...body];
    bad[317] = { ...bad[317], weight_kg: -2 };
    const refused = await post(bad, 'retry-bad-row');
    expect(refused.statusCode).toBe(400);
    expect(`${refused.json().message} ${refused.json().detail}`).toContain('item 317');
    expect(await counts()).toEqual(before);
    expect((await post(body, 'retry-bad-row')).statusCode).toBe(201);
    expect((await counts()).scans - before.scans).toBe(ROWS);
  });
});

/**
 * The charity mail send (spec: one message per contact per send) through the real server process, killed with
 * SIGKILL at random moments while it delivers to a slow SMTP server, then restarted. A kill between the SMTP
 * server's acceptance and the outbox update re-sends that message after the claim lease, with the same Message-ID:
 * each contact ends up with exactly one message (one Message-ID); re-deliveries of it are counted and printed.
 */
describe('mail send through a killed server', () => {
  // Twice: a kill mid-send, then a kill of the send the restarted server resumed.
  const KILLS = 2;
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  let smtp: TestSmtpServer;
  let live: ServerProcess | null = null;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    smtp.acceptDelayMs = 40;
  });
  afterAll(async () => {
    await live?.stop('SIGKILL');
    await smtp?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    for (const drop of drops) await drop().catch(() => {});
  });

  it(`each contact gets exactly one message when the server is killed ${KILLS} times mid-send`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'openrescue-mailkill-'));
    dirs.push(dir);
    const pg = process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL, 'or_mailkill')
      : null;
    if (pg) drops.push(pg.drop);
    const env = {
      DATA_DIR: dir,
      DEMO_DONATIONS: '2000',
      SMTP_URL: smtp.url,
      MAIL_CLAIM_LEASE_SECONDS: '2',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
    };
    live = await startServer(env);
    const token = await staffToken(live.base);
    // The console's send to every contact: the month, all: true and the count the list showed (issue 32 item 7).
    const listed = await api(live.base, token, '/core-api/api/retail/reports/charity_poster_contacts/?page_size=1');
    const sent = await api(live.base, token, '/core-api/api/reports/charity_poster_contacts/', {
      all: true,
      month: '2026-09',
      contacts: listed.body.count,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { mailers, send_id: sendId } = sent.body.result as { mailers: number; send_id: string };
    expect(mailers).toBeGreaterThan(10);

    const outboxIdOf = (m: TestSmtpServer['received'][number]) =>
      m.parsed.headers.find((h) => h.key === 'x-openrescue-outbox-id')?.value ?? '';
    const kills: number[] = [];
    for (let k = 0; k < KILLS; k += 1) {
      // Kill once a few more messages have arrived: somewhere inside the send, never before or after it.
      const target = smtp.received.length + 2 + Math.floor(Math.random() * Math.max(1, mailers / (KILLS + 2)));
      await waitUntil(() => smtp.received.length >= target, 60_000, `message ${target}`);
      await live.stop('SIGKILL');
      kills.push(smtp.received.length);
      live = await startServer(env);
    }
    await waitUntil(() => new Set(smtp.received.map(outboxIdOf)).size >= mailers, 120_000, 'every contact reached');
    await live.stop('SIGTERM');
    live = null;

    const database = await openDatabase(pg ? { databaseUrl: pg.url, poolSize: 2 } : { dataDir: dir });
    const rows = await database.db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'to_address'])
      .where('send_id', '=', sendId)
      .execute();
    await database.close();
    expect(rows).toHaveLength(mailers);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);

    const messageIdsByRow = new Map<string, Set<string>>();
    for (const m of smtp.received) {
      const id = outboxIdOf(m);
      messageIdsByRow.set(id, (messageIdsByRow.get(id) ?? new Set()).add(m.parsed.messageId ?? ''));
    }
    const rowIds = rows.map((r) => String(r.id)).sort();
    expect([...messageIdsByRow.keys()].sort()).toEqual(rowIds);
    const twoMessages = [...messageIdsByRow.values()].filter((ids) => ids.size !== 1).length;
    expect(twoMessages).toBe(0);
    const redelivered = smtp.received.length - mailers;
    console.log(
      `retried writes: mail send to ${mailers} contacts, ${KILLS} kills (after ${kills.join(', ')} messages), ` +
        `${mailers} messages, ${redelivered} re-delivered with the same Message-ID, ${twoMessages} contacts with two messages`,
    );
    // Three server starts and the send: its own waits allow up to 60 s a kill and 120 s for the rest.
  }, 300_000);
});
