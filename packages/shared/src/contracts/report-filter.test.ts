import { describe, expect, it } from 'vitest';
import { donationListQuerySchema } from './report-lists.js';
import {
  donationTotalsQuerySchema,
  reportFilterParams,
  storeScopeFilter,
  storeScopeKey,
  storeScopeParam,
  type StoreScope,
} from './reports.js';

describe('the report filter', () => {
  it('is read from the query parameters once, by the query schemas', () => {
    const totals = donationTotalsQuerySchema.parse({
      from_company_id: '4,7',
      receiver_id: '9',
      annotate: 'destination_id',
    });
    expect(totals.filter).toEqual({ companyIds: [4, 7], receiverIds: [9] });
    expect(totals).not.toHaveProperty('from_company_id');
    expect(donationListQuerySchema.parse({ from_store_id: '12' }).filter).toEqual({ storeIds: [12] });
    expect(donationListQuerySchema.parse({}).filter).toEqual({});
  });

  it('keeps refusing what it refused', () => {
    expect(donationTotalsQuerySchema.safeParse({ from_store_id: '4,x' }).success).toBe(false);
    expect(donationTotalsQuerySchema.safeParse({ store_id: '4' }).success).toBe(false);
  });

  it('travels as the parameters it is read from', () => {
    for (const filter of [{}, { companyIds: [4, 7] }, { storeIds: [12], receiverIds: [3] }]) {
      expect(donationTotalsQuerySchema.parse(reportFilterParams(filter)).filter).toEqual(filter);
    }
  });
});

describe("the dashboard's store scope", () => {
  const scopes: StoreScope[] = [{ kind: 'all' }, { kind: 'company', id: 4 }, { kind: 'store', id: 12 }];

  it('round-trips through its address value', () => {
    for (const scope of scopes) expect(storeScopeParam.parse(storeScopeKey(scope))).toEqual(scope);
    for (const bad of ['store-x', 'company-', 'store-1234567890', 'receiver-4', '', null, undefined]) {
      expect(storeScopeParam.safeParse(bad).success).toBe(false);
    }
  });

  it('reports on the donations of its company or store', () => {
    expect(scopes.map(storeScopeFilter)).toEqual([{}, { companyIds: [4] }, { storeIds: [12] }]);
  });
});
