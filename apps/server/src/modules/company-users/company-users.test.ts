import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDemo } from '../../demo-setup.js';
import { buildTestApp, signIn, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await prepareDemo(t.ctx, 300, () => {});
});
afterAll(async () => t?.close());

async function companyUserOf(email: string, password: string) {
  const { token } = await signIn(t.app, email, password);
  const res = await t.app.inject({ method: 'GET', url: '/core-api/api/clients/company_user', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  return res.json() as { count: number; results: Array<Record<string, unknown>> };
}

describe('clients/company_user', () => {
  it('gives the company user role 1 with all-store access on company 1', async () => {
    const body = await companyUserOf('company@openrescue.test', 'demo-company');
    expect(body.count).toBe(1);
    expect(body.results[0]).toMatchObject({ company: 1, company_user_role: 1, permissions: { canAccessAllStores: true } });
  });

  it('gives the store user one reporting store and no all-store access', async () => {
    const body = await companyUserOf('store@openrescue.test', 'demo-store');
    expect(body.results[0]).toMatchObject({ company: 1, permissions: { canAccessAllStores: false } });
    expect(Number(body.results[0].report_store_id)).toBeGreaterThanOrEqual(0);
  });

  it('gives the setup user a record with no reporting store (account setup not completed)', async () => {
    const body = await companyUserOf('setup@openrescue.test', 'demo-setup');
    expect(body.results[0]).toMatchObject({ company: 1, store: null, report_store_id: -1, permissions: { canAccessAllStores: false } });
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
