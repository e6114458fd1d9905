import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whileAuditRefuses } from '../../test-support/refused-audit.js';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';

/**
 * A change to a credential and its audit entry commit together (auditedChange): with the trail refusing the entry,
 * the integration key and the company API key are neither made nor revoked. Report and poster links:
 * public-links.test.ts.
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
