import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAccounts } from '../../demo-accounts.js';
import { buildTestApp, signIn, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let staffToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  await ensureDemoAccounts(t.ctx.auth);
  staffToken = (await signIn(t.app, 'staff@openrescue.test', 'demo-staff')).token;
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${staffToken}` } });

describe('Jobs History', () => {
  it('is empty on a fresh database', async () => {
    const res = await get('/ops-api/table/Jobs');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it('lists jobs newest first with their progress', async () => {
    await t.database.db
      .insertInto('jobs')
      .values([
        {
          id: 'publish_company_4',
          name: 'publish_company_4',
          kind: 'publish',
          total: 10,
          processed: 4,
          status: 'progressing',
          updated_at: new Date('2026-11-01T10:00:00Z'),
        },
        {
          id: 'publish_all',
          name: 'publish_all',
          kind: 'publish',
          total: 3,
          processed: 3,
          status: 'succeeded',
          updated_at: new Date('2026-11-02T10:00:00Z'),
        },
      ] as never)
      .execute();
    const res = await get('/ops-api/table/Jobs');
    const { data } = res.json();
    expect(data.map((j: { id: string }) => j.id)).toEqual(['publish_all', 'publish_company_4']);
    expect(data[1]).toMatchObject({ total: 10, processed: 4, status: 'progressing', error: null });
  });

  it('answers an unknown or malformed query parameter with a 400 that names it', async () => {
    const unknown = await get('/ops-api/table/Jobs?colour=blue');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toContain('colour');
    const malformed = await get('/ops-api/table/Jobs?limit=lots');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().type).toBe('validation_error');
  });
});
