import { TABLE_METRIC_TABLES } from '@openrescue/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let staff = '';
let company = '';

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 300 });
  staff = (await signIn(t.app, 'staff@openrescue.test', 'demo-staff')).token;
  company = (await signIn(t.app, 'company@openrescue.test', 'demo-company')).token;
});
afterAll(async () => t?.close());

describe('ops-api/table_metrics', () => {
  it('gives exact row counts and last changes of the main tables to staff', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/ops-api/table_metrics',
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as {
      table: string;
      row_count: number;
      row_count_estimated: boolean;
      last_change: string | null;
    }[];
    expect(rows.map((r) => r.table)).toEqual([...TABLE_METRIC_TABLES]);
    for (const row of rows) {
      const { rows: counted } = await sql<{ n: number }>`select count(*) as n from ${sql.table(row.table)}`.execute(
        t.database.db,
      );
      expect(row.row_count, row.table).toBe(Number(counted[0].n));
      expect(row.row_count_estimated).toBe(false);
    }
    const donation = rows.find((r) => r.table === 'donation')!;
    const { rows: newest } = await sql<{ t: Date }>`select max(created_at) as t from donation`.execute(t.database.db);
    expect(donation.last_change).toBe(new Date(newest[0].t).toISOString());
  });

  it('follows inserts and deletes of donations', async () => {
    const read = async () =>
      (
        (
          await t.app.inject({
            method: 'GET',
            url: '/ops-api/table_metrics',
            headers: { authorization: `Bearer ${staff}` },
          })
        ).json() as { table: string; row_count: number }[]
      ).find((r) => r.table === 'donation')!.row_count;
    const before = await read();
    await sql`delete from donation where id in (select id from donation order by id limit 3)`.execute(t.database.db);
    expect(await read()).toBe(before - 3);
  });

  it('is for staff only', async () => {
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/ops-api/table_metrics',
          headers: { authorization: `Bearer ${company}` },
        })
      ).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/ops-api/table_metrics' })).statusCode).toBe(401);
  });
});

describe('core-api/api/impact-factors', () => {
  it('is public and names every factor with its version, destination, department and source', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core-api/api/impact-factors' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.current_version).toBe(1);
    expect(body.results).toHaveLength(3);
    expect(body.results[0]).toMatchObject({
      version: 1,
      effective_from: '2000-01-01',
      destination_id: 1,
      destination: 'Charity',
      department_id: null,
      department: null,
      co2e_per_kg: 3.36,
      money_per_kg: 0.175,
      current: true,
    });
    expect(body.results[2].source_note).toContain('EPA');
    expect((await t.app.inject({ method: 'GET', url: '/core-api/api/impact-factors?x=1' })).statusCode).toBe(400);
  });
});
