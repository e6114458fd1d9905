import type { LiveJob, TableMetric } from '@openrescue/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { openDatabase } from '../../db/connection.js';
import { buildTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import { overridePublishRender } from '../../test-support/fixtures/publishing.js';

/** A real EventSource-style reader: one fetch, events parsed as they arrive, each stamped with its arrival time. */
interface Received {
  event: string;
  data: any;
  at: number;
}

function openStream(url: string, headers: Record<string, string>) {
  const events: Received[] = [];
  const waiters: { test: (e: Received) => boolean; resolve: (e: Received) => void }[] = [];
  const controller = new AbortController();
  const ready = fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal }).then(
    async (res) => {
      if (res.status !== 200) return res;
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      void (async () => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            buffer += decoder.decode(value, { stream: true });
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const fields = Object.fromEntries(
                block
                  .split('\n')
                  .filter((l) => l && !l.startsWith(':'))
                  .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
              );
              if (!fields.event) continue;
              const e = { event: fields.event, data: JSON.parse(fields.data), at: Date.now() };
              events.push(e);
              for (const w of waiters.splice(0)) w.test(e) ? w.resolve(e) : waiters.push(w);
            }
          }
        } catch {
          // aborted
        }
      })();
      return res;
    },
  );
  return {
    ready,
    events,
    next(test: (e: Received) => boolean, timeoutMs = 15_000): Promise<Received> {
      const found = events.find(test);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no matching event in ${timeoutMs} ms; got ${events.map((e) => e.event).join(',')}`)),
          timeoutMs,
        );
        waiters.push({ test, resolve: (e) => (clearTimeout(timer), resolve(e)) });
      });
    },
    close: () => controller.abort(),
  };
}

let t: TestApp;
let base: string;
let staff: { cookie: string; token: string };
let company: { cookie: string };

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 2000 });
  staff = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
  company = await signIn(t.app, 'company@openrescue.test', 'demo-company');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

describe('live streams (server-sent events)', () => {
  it('are for staff: 401 signed out, 403 for a company user, 200 with the staff session cookie or token', async () => {
    const out = await fetch(`${base}/ops-api/live/tasks`);
    expect(out.status).toBe(401);
    expect((await out.json()).type).toBe('unauthorized');
    const other = await fetch(`${base}/ops-api/live/tasks`, { headers: { cookie: company.cookie } });
    expect(other.status).toBe(403);
    const unknown = await fetch(`${base}/ops-api/live/donations`, { headers: { cookie: staff.cookie } });
    expect(unknown.status).toBe(400);
    const bearer = openStream(`${base}/ops-api/live/tasks`, { authorization: `Bearer ${staff.token}` });
    const res = (await bearer.ready) as Response;
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    await bearer.next((e) => e.event === 'ready');
    bearer.close();
  });

  it('tasks: sends the current jobs, then the new job as added and its progress as modified, within 250 ms', async () => {
    const stream = openStream(`${base}/ops-api/live/tasks`, { cookie: staff.cookie });
    const ready = await stream.next((e) => e.event === 'ready');
    const initial = stream.events.filter((e) => e.event === 'added').map((e) => e.data as LiveJob);
    expect(ready.data).toEqual({ count: initial.length });
    expect(initial.map((j) => j.id).sort()).toEqual(['flow_loadBulkScanToQa_1', 'publish_all', 'publish_company_2']);

    const files = await t.database.db.selectFrom('publish_file').select('id').orderBy('id', 'desc').limit(5).execute();
    const ids = files.map((r) => Number(r.id));
    // Each render waits a little, so that every file's commit is its own progress step.
    overridePublishRender(t.ctx, async (report, date, real) => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      return real(report, date);
    });
    const started = await t.app.inject({
      method: 'POST',
      url: '/ops-api/appsheet/table/PublishFile/batchAction',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: {
        Action: 'AdvanceSingleFileChangeTime',
        Properties: { TaskName: 'publish_receiver_3', ParallelRequests: 1 },
        Rows: ids.map((id) => ({ id })),
      },
    });
    expect(started.statusCode).toBe(202);
    const added = await stream.next((e) => e.event === 'added' && e.data.id === 'publish_receiver_3_1');
    expect(added.data).toMatchObject({
      name: 'publish_receiver_3',
      total: 5,
      processed: 0,
      kind: 'publish',
      parallel: 1,
    });
    const done = await stream.next(
      (e) => e.data.id === 'publish_receiver_3_1' && e.data.status === 'succeeded',
      30_000,
    );
    expect(done.event).toBe('modified');
    expect(done.data).toMatchObject({ processed: 5, total: 5, error: null });
    expect([...done.data.done_ids].sort()).toEqual([...ids].sort());

    const mine = stream.events.filter((e) => e.data.id === 'publish_receiver_3_1');
    const processed = mine.map((e) => e.data.processed as number);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    expect(new Set(processed)).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    for (const e of mine.filter((x) => x.data.processed > 0)) {
      // updated_at is the committing transaction's time: the event arrived within 250 ms of it.
      expect(e.at - Date.parse(e.data.updated_at)).toBeLessThan(250);
      expect(e.data.done_ids).toHaveLength(e.data.processed);
    }
    stream.close();
    overridePublishRender(t.ctx, (report, date, real) => real(report, date));
  });

  it('table_metrics: sends every table, then the changes publishing makes', async () => {
    const stream = openStream(`${base}/ops-api/live/table_metrics`, { cookie: staff.cookie });
    await stream.next((e) => e.event === 'ready');
    const initial = stream.events.filter((e) => e.event === 'added').map((e) => e.data as TableMetric);
    expect(initial.map((m) => m.table)).toContain('generated_file');
    const before = initial.find((m) => m.table === 'generated_file')!.row_count;
    const [file] = await t.database.db.selectFrom('publish_file').select('id').orderBy('id').limit(1).execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/ops-api/appsheet/table/PublishFile/batchAction',
      headers: { authorization: `Bearer ${staff.token}` },
      payload: {
        Action: 'AdvanceSingleFileChangeTime',
        Properties: { TaskName: `publish_id_${file.id}` },
        Rows: [{ id: file.id }],
      },
    });
    expect(res.statusCode).toBe(202);
    const changed = await stream.next(
      (e) => e.event === 'modified' && e.data.table === 'generated_file' && e.data.row_count === before + 2,
    );
    expect(changed.data.last_change).not.toBeNull();
    stream.close();
  });
});

describe('live tasks: the latest run of every flow', () => {
  it('comes with the first documents even when more than LIVE_JOB_LIMIT newer jobs exist', async () => {
    // 120 jobs newer than every other (finished, of a name no screen uses): the flow run is not among the
    // 100 most recent, yet the Flows screen's card must still show it.
    const now = Date.now();
    await t.database.db
      .insertInto('jobs')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          id: `test_filler_${i + 1}`,
          name: `test_filler_${i + 1}`,
          kind: 'test',
          total: 1,
          processed: 1,
          status: 'succeeded' as const,
          payload: '{}',
          created_at: new Date(now + (i + 1) * 1000).toISOString(),
          updated_at: new Date(now + (i + 1) * 1000).toISOString(),
        })),
      )
      .execute();
    try {
      const stream = openStream(`${base}/ops-api/live/tasks`, { cookie: staff.cookie });
      const ready = await stream.next((e) => e.event === 'ready');
      const ids = stream.events.filter((e) => e.event === 'added').map((e) => (e.data as LiveJob).id);
      stream.close();
      expect(ready.data).toEqual({ count: ids.length });
      expect(ids).toContain('flow_loadBulkScanToQa_1');
      expect(ids).not.toContain('publish_all'); // other old jobs stay out
      expect(ids.filter((id) => id.startsWith('test_filler_'))).toHaveLength(100);
      expect(ids.at(-1)).toBe('test_filler_120'); // oldest first, as before
      expect(ids[0]).toBe('flow_loadBulkScanToQa_1');
    } finally {
      await t.database.db.deleteFrom('jobs').where('id', 'like', 'test\\_filler\\_%').execute();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('live streams across server processes (PostgreSQL)', () => {
  it('a second server on the same database streams the jobs the first one runs (LISTEN/NOTIFY)', async () => {
    // A second app with its own pool, event bus and HTTP server: to the database, another process. Its job runner
    // is not started, so every change it streams came from the first app through NOTIFY.
    const database = await openDatabase({ databaseUrl: t.database.url, poolSize: 2 });
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const other = await buildApp({ env, database, logger: false, origin: 'http://localhost:8080', dataDir: t.dataDir });
    try {
      await other.app.ready();
      await other.ctx.jobEvents.start();
      const otherBase = await other.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = openStream(`${otherBase}/ops-api/live/tasks`, { cookie: staff.cookie });
      await stream.next((e) => e.event === 'ready');
      const files = await t.database.db.selectFrom('publish_file').select('id').orderBy('id').limit(3).execute();
      const res = await t.app.inject({
        method: 'POST',
        url: '/ops-api/appsheet/table/PublishFile/batchAction',
        headers: { authorization: `Bearer ${staff.token}` },
        payload: {
          Action: 'AdvanceSingleFileChangeTime',
          Properties: { TaskName: 'publish_company_5' },
          Rows: files.map((r) => ({ id: Number(r.id) })),
        },
      });
      expect(res.statusCode).toBe(202);
      const added = await stream.next((e) => e.event === 'added' && e.data.id === 'publish_company_5_1');
      expect(added.data.total).toBe(3);
      const done = await stream.next(
        (e) => e.data.id === 'publish_company_5_1' && e.data.status === 'succeeded',
        30_000,
      );
      expect(done.data.processed).toBe(3);
      expect(other.ctx.jobRunner.running()).toEqual([]);
      stream.close();
    } finally {
      await other.app.close();
      await database.close();
    }
  });
});
