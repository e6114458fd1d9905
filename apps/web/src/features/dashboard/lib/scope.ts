import { storeScopeKey, storeScopeParam, type ClientAccess, type StoreScope } from '@openrescue/shared';

/** What the dashboard reports on: every store, one company's stores, or one store (packages/shared reports.ts). */
export type Scope = StoreScope;

/** Access that may see the dashboard (the other kinds get a message instead). */
export type DashboardAccess = Extract<ClientAccess, { kind: 'admin' | 'company' | 'store' }>;

export interface StoreLookup {
  id: number;
  name: string;
  company_id: number;
}

export interface CompanyLookup {
  id: number;
  name: string;
}

export const ALL_STORES_LABEL = 'All Stores';

/** 'all', 'company-4' or 'store-12': the Select value and the `store` URL parameter. */
export const scopeKey = storeScopeKey;

/** The `store` URL parameter read by the shared schema; null when it names no scope. */
export function parseScope(value: string | null | undefined): Scope | null {
  return storeScopeParam.safeParse(value).data ?? null;
}

/** Where the dashboard opens: everything for staff, the whole company or the one reporting store. */
export function defaultScope(access: DashboardAccess): Scope {
  switch (access.kind) {
    case 'admin':
      return { kind: 'all' };
    case 'company':
      return { kind: 'company', id: access.companyId };
    case 'store':
      return { kind: 'store', id: access.storeId };
  }
}

/**
 * May this viewer pick the scope (section 6)? `stores` undefined means not loaded yet: a store of the viewer's
 * company is then given the benefit of the doubt (the server scopes every answer anyway).
 */
export function scopeAllowed(access: DashboardAccess, scope: Scope, stores?: readonly StoreLookup[]): boolean {
  if (access.kind === 'admin') return true;
  if (access.kind === 'store') return scope.kind === 'store' && scope.id === access.storeId;
  if (scope.kind === 'all') return false;
  if (scope.kind === 'company') return scope.id === access.companyId;
  if (!stores) return true;
  return stores.some((s) => s.id === scope.id && s.company_id === access.companyId);
}

export function companyName(id: number, companies: readonly CompanyLookup[] | undefined): string {
  return companies?.find((c) => c.id === id)?.name ?? `Company ${id}`;
}

export function storeName(id: number, stores: readonly StoreLookup[] | undefined): string {
  return stores?.find((s) => s.id === id)?.name ?? `Store ${id}`;
}

/** The header's name: the store, the company, or 'All Stores'. */
export function scopeTitle(
  scope: Scope,
  stores: readonly StoreLookup[] | undefined,
  companies: readonly CompanyLookup[] | undefined,
): string {
  if (scope.kind === 'all') return ALL_STORES_LABEL;
  if (scope.kind === 'company') return companyName(scope.id, companies);
  return storeName(scope.id, stores);
}
