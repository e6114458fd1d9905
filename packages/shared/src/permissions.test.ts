import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ALL_RANGES,
  canAccessAllStores,
  canChooseAllStores,
  canReadStore,
  canSeeFlwButton,
  canSeeMoneySaved,
  clientAccess,
  isStaffForAnalytics,
  reportingStoreId,
  visibleRanges,
  type CompanyUserRecord,
  type Viewer,
} from './permissions.js';

const cu = (over: Partial<CompanyUserRecord> = {}): CompanyUserRecord => ({
  id: 1,
  company: 1,
  store: 10,
  report_store_id: null,
  company_user_role: 2,
  ...over,
});
const viewer = (over: Partial<Viewer> = {}): Viewer => ({ staff: false, email: 'a@b.c', companyUser: null, ...over });

describe('canAccessAllStores', () => {
  it('is true for roles 1 and 3 only', () => {
    expect([0, 1, 2, 3, 4, 5].map(canAccessAllStores)).toEqual([false, true, false, true, false, false]);
  });
});

describe('reportingStoreId', () => {
  it('uses report_store_id when it is 0 or more, else the store', () => {
    expect(reportingStoreId({ store: 10, report_store_id: 0 })).toBe(0);
    expect(reportingStoreId({ store: 10, report_store_id: 7 })).toBe(7);
    expect(reportingStoreId({ store: 10, report_store_id: -1 })).toBe(10);
    expect(reportingStoreId({ store: 10, report_store_id: null })).toBe(10);
    expect(reportingStoreId({ store: null, report_store_id: -1 })).toBeNull();
  });
});

describe('clientAccess', () => {
  it('treats staff without a record as admin-style and never as not authorized', () => {
    expect(clientAccess(viewer({ staff: true }))).toEqual({ kind: 'admin' });
  });
  it('blocks a non-staff user without a company user record', () => {
    expect(clientAccess(viewer())).toEqual({ kind: 'not-authorized' });
  });
  it('gives roles 1 and 3 their whole company', () => {
    expect(clientAccess(viewer({ companyUser: cu({ company_user_role: 3, company: 4 }) }))).toEqual({
      kind: 'company',
      companyId: 4,
      allStores: true,
    });
  });
  it('gives other roles their reporting store, or asks for account setup when there is none', () => {
    expect(clientAccess(viewer({ companyUser: cu({ report_store_id: 12 }) }))).toEqual({
      kind: 'store',
      companyId: 1,
      storeId: 12,
    });
    expect(clientAccess(viewer({ companyUser: cu({ store: null, report_store_id: -1 }) }))).toEqual({
      kind: 'missing-reporting-store',
      companyId: 1,
    });
  });
});

describe('ranges, money saved, All Stores and FLW', () => {
  it('shows 7 days and 2 weeks, All Stores and money saved to admin-style users only', () => {
    const admin = viewer({ staff: true });
    const company = viewer({ companyUser: cu({ company_user_role: 1 }) });
    expect(visibleRanges(admin)).toEqual([...ALL_RANGES]);
    expect(visibleRanges(company)).toEqual(['1m', '3m', '6m', '1y', '3y', 'max', 'ytd', 'last-year', 'custom']);
    expect([canSeeMoneySaved(admin), canSeeMoneySaved(company)]).toEqual([true, false]);
    expect([canChooseAllStores(admin), canChooseAllStores(company)]).toEqual([true, false]);
  });
  it('offers FLW to company 1 users with all-store access only', () => {
    expect(canSeeFlwButton(viewer({ companyUser: cu({ company_user_role: 1, company: 1 }) }))).toBe(true);
    expect(canSeeFlwButton(viewer({ companyUser: cu({ company_user_role: 1, company: 2 }) }))).toBe(false);
    expect(canSeeFlwButton(viewer({ companyUser: cu({ company_user_role: 2, company: 1 }) }))).toBe(false);
    expect(canSeeFlwButton(viewer({ staff: true }))).toBe(false);
  });
});

describe('canReadStore', () => {
  it('never lets a company user read another company, nor a store user another store', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 0, max: 20 }),
        (company, role, ownStore, storeCompany, storeId) => {
          const v = viewer({
            companyUser: cu({ company, company_user_role: role, store: ownStore, report_store_id: -1 }),
          });
          const allowed = canReadStore(v, { id: storeId, company_id: storeCompany });
          if (storeCompany !== company) return allowed === false;
          if (canAccessAllStores(role)) return allowed === true;
          return allowed === (storeId === ownStore);
        },
      ),
    );
  });
});

describe('isStaffForAnalytics', () => {
  it('matches the configured domain case-insensitively, with or without @', () => {
    expect(isStaffForAnalytics('Sam@OpenRescue.test', 'openrescue.test')).toBe(true);
    expect(isStaffForAnalytics('sam@openrescue.test', '@openrescue.test')).toBe(true);
    expect(isStaffForAnalytics('sam@notopenrescue.test', 'openrescue.test')).toBe(false);
    expect(isStaffForAnalytics('sam@openrescue.test', '')).toBe(false);
  });
});
