import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const send = (method: 'POST' | 'DELETE', url: string, who: DemoRole, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${tokens[who]}` } });
const count = async (table: 'integration_key' | 'company_api_key' | 'audit_event', where = sql`true`) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${where}`.execute(t.database.db))
    .rows[0].n;

/** Runs `body` while every audit entry of `actions` is refused by the database. */
async function withTrailRefusing(actions: string[], body: () => Promise<void>) {
  const list = sql.join(actions.map((a) => sql.lit(a)));
  await sql`create function refuse_audit() returns trigger language plpgsql as $$
    begin
      if new.action in (${list}) then raise exception 'audit refused by the test'; end if;
      return new;
    end $$`.execute(t.database.db);
  await sql`create trigger refuse_audit before insert on audit_event for each row execute function refuse_audit()`.execute(
    t.database.db,
  );
  try {
    await body();
  } finally {
    await sql`drop trigger refuse_audit on audit_event`.execute(t.database.db);
    await sql`drop function refuse_audit()`.execute(t.database.db);
  }
}

describe('keys and their audit entries', () => {
  it('an integration key is not made or revoked when its entry cannot be written', async () => {
    const KEYS = '/core-api/api/product/calls/integration-keys';
    const kept = await send('POST', KEYS, 'staff', { name: 'kept key' });
    expect(kept.statusCode, kept.body).toBe(201);
    const [keys, entries] = [await count('integration_key'), await count('audit_event')];
    await withTrailRefusing(['integration_key.create', 'integration_key.revoke'], async () => {
      expect((await send('POST', KEYS, 'staff', { name: 'never made' })).statusCode).toBe(500);
      expect((await send('DELETE', `${KEYS}/${kept.json().id}`, 'staff')).statusCode).toBe(500);
    });
    expect([await count('integration_key'), await count('audit_event')]).toEqual([keys, entries]);
    expect(await count('integration_key', sql`id = ${kept.json().id} and revoked_at is null`)).toBe(1);
    expect((await send('DELETE', `${KEYS}/${kept.json().id}`, 'staff')).statusCode).toBe(200);
    expect(await count('audit_event')).toBe(entries + 1);
  });

  it("a company's API key is not made or revoked when its entry cannot be written", async () => {
    const KEYS = '/core-api/api/company/api-keys';
    const kept = await send('POST', KEYS, 'company', { name: 'kept key' });
    expect(kept.statusCode, kept.body).toBe(201);
    const [keys, entries] = [await count('company_api_key'), await count('audit_event')];
    await withTrailRefusing(['api_key.create', 'api_key.revoke'], async () => {
      expect((await send('POST', KEYS, 'company', { name: 'never made' })).statusCode).toBe(500);
      expect((await send('DELETE', `${KEYS}/${kept.json().id}`, 'company')).statusCode).toBe(500);
    });
    expect([await count('company_api_key'), await count('audit_event')]).toEqual([keys, entries]);
    expect(await count('company_api_key', sql`id = ${kept.json().id} and revoked_at is null`)).toBe(1);
    // A key of nobody's is still a 404, with nothing written.
    expect((await send('DELETE', `${KEYS}/999999`, 'company')).statusCode).toBe(404);
    expect(await count('audit_event')).toBe(entries);
  });
});
