import { reportFilterParams, storeScopeFilter } from '@openrescue/shared';
import { describe, expect, it } from 'vitest';
import { defaultScope, parseScope, scopeAllowed, scopeKey, scopeTitle, type Scope } from './scope';

/** The donation_totals parameters the dashboard sends for a scope. */
const scopeFilter = (scope: Scope) => reportFilterParams(storeScopeFilter(scope));
import { scopeOptions } from './scope-options';

const stores = [
  { id: 1, name: 'FreshCo Vernon', company_id: 1 },
  { id: 2, name: 'FreshCo Abbotsford', company_id: 1 },
  { id: 9, name: 'Valley Foods Mission', company_id: 2 },
];
const companies = [
  { id: 1, name: 'FreshCo' },
  { id: 2, name: 'Valley Foods' },
];
const admin = { kind: 'admin' } as const;
const company = { kind: 'company', companyId: 1, allStores: true } as const;
const store = { kind: 'store', companyId: 1, storeId: 2 } as const;

describe('dashboard scope', () => {
  it('round-trips through its key', () => {
    for (const scope of [{ kind: 'all' }, { kind: 'company', id: 4 }, { kind: 'store', id: 12 }] as const) {
      expect(parseScope(scopeKey(scope))).toEqual(scope);
    }
    expect(parseScope('store-x')).toBeNull();
    expect(parseScope(null)).toBeNull();
  });

  it('opens on everything for staff, the company for company users and the reporting store for store users', () => {
    expect(defaultScope(admin)).toEqual({ kind: 'all' });
    expect(defaultScope(company)).toEqual({ kind: 'company', id: 1 });
    expect(defaultScope(store)).toEqual({ kind: 'store', id: 2 });
  });

  it('lets each viewer pick only what section 6 allows', () => {
    expect(scopeAllowed(admin, { kind: 'store', id: 9 }, stores)).toBe(true);
    expect(scopeAllowed(company, { kind: 'all' }, stores)).toBe(false);
    expect(scopeAllowed(company, { kind: 'company', id: 2 }, stores)).toBe(false);
    expect(scopeAllowed(company, { kind: 'store', id: 1 }, stores)).toBe(true);
    expect(scopeAllowed(company, { kind: 'store', id: 9 }, stores)).toBe(false);
    expect(scopeAllowed(store, { kind: 'store', id: 1 }, stores)).toBe(false);
    expect(scopeAllowed(store, { kind: 'store', id: 2 }, stores)).toBe(true);
  });

  it('turns a scope into the donation_totals filter and the header name', () => {
    expect(scopeFilter({ kind: 'all' })).toEqual({});
    expect(scopeFilter({ kind: 'company', id: 1 })).toEqual({ from_company_id: '1' });
    expect(scopeFilter({ kind: 'store', id: 2 })).toEqual({ from_store_id: '2' });
    expect(scopeTitle({ kind: 'all' }, stores, companies)).toBe('All Stores');
    expect(scopeTitle({ kind: 'company', id: 1 }, stores, companies)).toBe('FreshCo');
    expect(scopeTitle({ kind: 'store', id: 9 }, stores, companies)).toBe('Valley Foods Mission');
  });
});

describe('store selector options', () => {
  it("offers 'All Stores' and every company's stores to staff only", () => {
    const options = scopeOptions(admin, stores, companies);
    expect(options[0]).toEqual({ value: 'all', label: 'All Stores' });
    expect(options.slice(1).map((o) => ('group' in o ? o.group : ''))).toEqual(['FreshCo', 'Valley Foods']);
    const freshco = options[1] as { items: { value: string; label: string }[] };
    expect(freshco.items.map((i) => i.label)).toEqual(['All FreshCo stores', 'FreshCo Abbotsford', 'FreshCo Vernon']);
  });

  it("gives a company user their company's stores and no 'All Stores'", () => {
    const options = scopeOptions(company, stores, companies);
    expect(JSON.stringify(options)).not.toContain('All Stores');
    expect(JSON.stringify(options)).not.toContain('Valley Foods');
    expect(options).toHaveLength(1);
  });

  it('gives a store user their one store', () => {
    expect(scopeOptions(store, stores, companies)).toEqual([{ value: 'store-2', label: 'FreshCo Abbotsford' }]);
  });
});
