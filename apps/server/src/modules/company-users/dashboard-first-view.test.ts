import { DEFAULT_RANGE, defaultMonth, rangeBounds, rangeText, reportDay } from '@openrescue/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, cookieHeader, signIn, type TestApp } from '../../test-support/test-app.js';
import { dashboardFirstView } from './dashboard-first-view.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { demo: 300 });
});
afterAll(async () => t?.close());

const cookieOf = async (role: string) => (await signIn(t.app, `${role}@openrescue.test`, `demo-${role}`)).cookie;
const mintsToken = async (cookie: string) =>
  (
    await t.app.inject({
      method: 'POST',
      url: '/core-api/api/session/token',
      headers: { cookie, origin: t.ctx.origin },
    })
  ).statusCode === 200;
const db = () => t.database.db;
const companyUserOf = (email: string) =>
  db()
    .selectFrom('company_user as cu')
    .innerJoin('user as u', 'u.id', 'cu.user_id')
    .select(['cu.user_id', 'cu.company_id', 'cu.report_store_id'])
    .where('u.email', '=', email)
    .executeTakeFirstOrThrow();
const defaultRange = () => rangeText(rangeBounds(DEFAULT_RANGE, defaultMonth(reportDay())));

describe('the client dashboard first view, from the session cookie (decision 0032)', () => {
  it('opens a company user on their company, by name, with the FLW button for company 1 and the default range', async () => {
    const company = await db().selectFrom('company').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(await dashboardFirstView(t.ctx, await cookieOf('company'))).toEqual({
      title: company.name,
      range: defaultRange(),
      storeId: null,
      flw: true,
      email: 'company@openrescue.test',
      initials: 'CC',
      photoURL: null,
    });
  });

  it('opens a store user on their reporting store, by name, linking its report and poster', async () => {
    const { report_store_id: storeId } = await companyUserOf('store@openrescue.test');
    const store = await db()
      .selectFrom('store')
      .select('name')
      .where('id', '=', Number(storeId))
      .executeTakeFirstOrThrow();
    expect(await dashboardFirstView(t.ctx, await cookieOf('store'))).toMatchObject({
      title: store.name,
      storeId: Number(storeId),
      flw: false,
      email: 'store@openrescue.test',
      initials: 'SS',
    });
  });

  it('has none for staff, a user without a company user record, or one without a reporting store', async () => {
    for (const role of ['staff', 'pending', 'setup'])
      expect(await dashboardFirstView(t.ctx, await cookieOf(role)), role).toBeNull();
  });

  it('has none without a session: no cookie of ours, a forged one, a signed-out one, one replaced by rotation', async () => {
    expect(await dashboardFirstView(t.ctx, 'theme=dark')).toBeNull();
    const real = await cookieOf('company');
    const forged = real.replace(/=[^.;]+\./, '=forgedtokenforgedtokenforgedtoke.');
    expect(forged).not.toBe(real);
    expect(await dashboardFirstView(t.ctx, forged)).toBeNull();

    const signedOut = await cookieOf('company');
    const out = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/auth/sign-out',
      headers: { cookie: signedOut, origin: 'http://localhost:8080' },
    });
    expect(out.statusCode).toBe(200);
    expect(await dashboardFirstView(t.ctx, signedOut)).toBeNull();

    const replaced = await cookieOf('company');
    const rotated = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/session/token',
      headers: { cookie: replaced, origin: t.ctx.origin },
    });
    expect(rotated.statusCode).toBe(200);
    expect(await dashboardFirstView(t.ctx, replaced)).toBeNull();
    expect(await dashboardFirstView(t.ctx, cookieHeader(rotated))).not.toBeNull();
  });

  it('only reads the session: the cookie it was given still mints the access token afterwards', async () => {
    const cookie = await cookieOf('company');
    expect(await dashboardFirstView(t.ctx, cookie)).not.toBeNull();
    expect(await dashboardFirstView(t.ctx, cookie)).not.toBeNull();
    expect(await mintsToken(cookie)).toBe(true);
  });

  it("never names another company's store: a reporting store outside the user's company gives no first view", async () => {
    const user = await companyUserOf('store@openrescue.test');
    const other = await db()
      .selectFrom('store')
      .select('id')
      .where('company_id', '!=', user.company_id)
      .executeTakeFirstOrThrow();
    try {
      await db()
        .updateTable('company_user')
        .set({ report_store_id: other.id })
        .where('user_id', '=', user.user_id)
        .execute();
      t.ctx.repos.companyUsers.forget(user.user_id);
      expect(await dashboardFirstView(t.ctx, await cookieOf('store'))).toBeNull();
    } finally {
      await db()
        .updateTable('company_user')
        .set({ report_store_id: user.report_store_id })
        .where('user_id', '=', user.user_id)
        .execute();
      t.ctx.repos.companyUsers.forget(user.user_id);
    }
  });
});
