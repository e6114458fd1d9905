import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishOneReadyFile } from '../../test-support/publish-request.js';
import { whileAuditRefuses } from '../../test-support/refused-audit.js';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';

/**
 * A change and its audit entry commit together: with the trail refusing the entry, the integration key and the
 * company API key are neither made nor revoked (auditedChange), and a flow run, a publish job and a mail send are not
 * queued (the entry is written in the transaction that queues them). Report and poster links: public-links.test.ts.
 */
let t: TestApp;
let tokens: Record<DemoRole, string>;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: 300 });
  tokens = await signInDemoAccounts(t.app);
});
afterAll(async () => t?.close());

const KINDS = [
  {
    kind: 'integration key',
    url: '/core-api/api/product/calls/integration-keys',
    who: 'staff',
    table: 'integration_key',
  },
  { kind: "company's API key", url: '/core-api/api/company/api-keys', who: 'company', table: 'company_api_key' },
] as const;

const count = async (table: string, where = sql`true`) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.database.db))
    .rows[0].n;

describe('keys and their audit entries', () => {
  it.each(KINDS)('a $kind is not made or revoked when its entry cannot be written', async ({ url, who, table }) => {
    const send = (method: 'POST' | 'DELETE', path: string, payload?: object) =>
      t.app.inject({ method, url: path, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
    const kept = await send('POST', url, { name: 'kept key' });
    expect(kept.statusCode, kept.body).toBe(201);
    const [keys, entries] = [await count(table), await count('audit_event')];
    const actions = table === 'integration_key' ? 'integration_key' : 'api_key';
    await whileAuditRefuses(t.database.db, [`${actions}.create`, `${actions}.revoke`], async () => {
      expect((await send('POST', url, { name: 'never made' })).statusCode).toBe(500);
      expect((await send('DELETE', `${url}/${kept.json().id}`)).statusCode).toBe(500);
    });
    expect([await count(table), await count('audit_event')]).toEqual([keys, entries]);
    expect(await count(table, sql`id = ${kept.json().id} and revoked_at is null`)).toBe(1);
    // A key of nobody's is still a 404, with nothing written; with the trail writable, the revoke is made and on it.
    expect((await send('DELETE', `${url}/999999`)).statusCode).toBe(404);
    expect((await send('DELETE', `${url}/${kept.json().id}`)).statusCode).toBe(200);
    expect(await count('audit_event')).toBe(entries + 1);
  });
});

describe('queued work and its audit entries', () => {
  const staff = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { authorization: `Bearer ${tokens.staff}`, ...headers } });
  const startFlow = () => staff('/ops-api/trigger/sproc/loadBulkScanToQa');
  const startPublish = async () =>
    staff('/ops-api/appsheet/table/PublishFile/batchAction', (await publishOneReadyFile(t.database.db)).body);
  const receiverWithContacts = async () =>
    Number(
      (
        await sql<{ id: number }>`select receiver_id as id from receiver_contact where unsubscribed_at is null
          order by id limit 1`.execute(t.database.db)
      ).rows[0].id,
    );
  const sendMail = async (key: string) =>
    staff(
      '/core-api/api/reports/charity_poster_contacts/',
      { with_receiver_id: await receiverWithContacts(), month: '2026-09' },
      { 'idempotency-key': key },
    );

  it('a flow run, a publish job and a mail send are not queued when their entry cannot be written', async () => {
    const before = [await count('jobs'), await count('mail_outbox'), await count('audit_event')];
    await whileAuditRefuses(t.database.db, ['flow.run', 'publish.start', 'mail.send'], async () => {
      expect((await startFlow()).statusCode).toBe(500);
      expect((await startPublish()).statusCode).toBe(500);
      expect((await sendMail('refused')).statusCode).toBe(500);
    });
    expect([await count('jobs'), await count('mail_outbox'), await count('audit_event')]).toEqual(before);
    // With the trail writable, each is queued and on it once.
    expect((await startFlow()).statusCode).toBe(202);
    expect((await startPublish()).statusCode).toBe(202);
    expect((await sendMail('refused')).statusCode).toBe(200);
    expect(await count('jobs')).toBe(before[0] + 2);
    expect(await count('mail_outbox')).toBeGreaterThan(before[1]);
    expect(await count('audit_event')).toBe(before[2] + 3);
  });

  it('a mail send retried with its key is on the trail once', async () => {
    const entries = await count('audit_event', sql`action = 'mail.send'`);
    const first = await sendMail('retried');
    const again = await sendMail('retried');
    expect(again.json().result).toEqual(first.json().result);
    expect(await count('audit_event', sql`action = 'mail.send'`)).toBe(entries + 1);
  });

  it('a send to no one (every contact unsubscribed), retried with its key and twice at once, is on the trail once', async () => {
    const receiver = await receiverWithContacts();
    await sql`update receiver_contact set unsubscribed_at = now() where receiver_id = ${receiver}`.execute(
      t.database.db,
    );
    try {
      const nobody = (key: string) =>
        staff(
          '/core-api/api/reports/charity_poster_contacts/',
          { with_receiver_id: receiver, month: '2026-09' },
          { 'idempotency-key': key },
        );
      const entries = await count('audit_event', sql`action = 'mail.send'`);
      const [first, together] = await Promise.all([nobody('no one'), nobody('no one')]);
      const again = await nobody('no one');
      for (const res of [first, together, again]) expect(res.json().result, res.body).toMatchObject({ mailers: 0 });
      expect(await count('audit_event', sql`action = 'mail.send'`)).toBe(entries + 1);
      // Another key is another send, on the trail too.
      await nobody('another');
      expect(await count('audit_event', sql`action = 'mail.send'`)).toBe(entries + 2);
    } finally {
      await sql`update receiver_contact set unsubscribed_at = null where receiver_id = ${receiver}`.execute(
        t.database.db,
      );
    }
  });
});
