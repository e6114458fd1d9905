import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemo } from '../../demo-setup.js';
import { createCompanyUsersRepository } from './company-users.repository.js';
import { buildTestApp, signIn, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: 300 });
});
afterAll(async () => t?.close());

async function companyUserOf(email: string, password: string) {
  const { token } = await signIn(t.app, email, password);
  const res = await t.app.inject({
    method: 'GET',
    url: '/core-api/api/clients/company_user',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; results: Array<Record<string, unknown>> };
}

describe('clients/company_user', () => {
  it('gives the company user role 1 with all-store access on company 1', async () => {
    const body = await companyUserOf('company@openrescue.test', 'demo-company');
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({
      company: 1,
      company_user_role: 1,
      permissions: { canAccessAllStores: true },
    });
  });

  it('gives the store user one reporting store and no all-store access', async () => {
    const body = await companyUserOf('store@openrescue.test', 'demo-store');
    expect(body.results[0]).toMatchObject({ company: 1, permissions: { canAccessAllStores: false } });
    expect(Number(body.results[0].report_store_id)).toBeGreaterThanOrEqual(0);
  });

  it('gives the setup user a record with no reporting store (account setup not completed)', async () => {
    const body = await companyUserOf('setup@openrescue.test', 'demo-setup');
    expect(body.results[0]).toMatchObject({
      company: 1,
      store: null,
      report_store_id: -1,
      permissions: { canAccessAllStores: false },
    });
  });

  it('has no record for the pending user nor for staff', async () => {
    expect((await companyUserOf('pending@openrescue.test', 'demo-pending')).results).toEqual([]);
    expect((await companyUserOf('staff@openrescue.test', 'demo-staff')).results).toEqual([]);
  });

  it('is idempotent: preparing the demo again creates nothing twice', async () => {
    await prepareDemo(t.ctx, 300, () => {});
    const rows = await t.database.db.selectFrom('company_user').selectAll().execute();
    expect(rows).toHaveLength(3);
  });
});

describe('public configuration', () => {
  it('tells the web app the product name, support address and whether social sign-in is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core-api/api/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ product_name: 'OpenRescue', oidc: { enabled: false } });
  });
});

describe('company user records, remembered for the recheck time', () => {
  const userIdOf = async (email: string) =>
    (await t.database.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const roleOf = (id: string) =>
    t.database.db.selectFrom('company_user').select('company_user_role').where('user_id', '=', id);

  it('answers from memory until the recheck time has passed, then reads the change', async () => {
    const repo = createCompanyUsersRepository(t.database.db, 300);
    const userId = await userIdOf('company@openrescue.test');
    const [before, concurrent] = await Promise.all([repo.findByUserId(userId), repo.findByUserId(userId)]);
    expect(concurrent).toBe(before);
    expect(before?.company_user_role).toBe(1);
    await t.database.db
      .updateTable('company_user')
      .set({ company_user_role: 2 })
      .where('user_id', '=', userId)
      .execute();
    try {
      expect((await repo.findByUserId(userId))?.company_user_role).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await repo.findByUserId(userId))?.company_user_role).toBe(2);
    } finally {
      await t.database.db
        .updateTable('company_user')
        .set({ company_user_role: 1 })
        .where('user_id', '=', userId)
        .execute();
    }
    expect((await roleOf(userId).executeTakeFirstOrThrow()).company_user_role).toBe(1);
  });

  it('reads again at once after forget', async () => {
    const repo = createCompanyUsersRepository(t.database.db, 60_000);
    const userId = await userIdOf('store@openrescue.test');
    const first = await repo.findByUserId(userId);
    await t.database.db
      .updateTable('company_user')
      .set({ company_user_role: 3 })
      .where('user_id', '=', userId)
      .execute();
    try {
      expect((await repo.findByUserId(userId))?.company_user_role).toBe(first?.company_user_role);
      repo.forget(userId);
      expect((await repo.findByUserId(userId))?.company_user_role).toBe(3);
    } finally {
      await t.database.db
        .updateTable('company_user')
        .set({ company_user_role: first!.company_user_role })
        .where('user_id', '=', userId)
        .execute();
    }
  });
});
