/** Section 6 of the specification as pure functions: who may see what. */

export interface CompanyUserRecord {
  id: number;
  company: number;
  store: number | null;
  report_store_id: number | null;
  company_user_role: number;
}

export interface Viewer {
  staff: boolean;
  email: string;
  companyUser: CompanyUserRecord | null;
}

export type RangeKey = '7d' | '2w' | '1m' | '3m' | '6m' | '1y' | '3y' | 'max' | 'ytd' | 'last-year' | 'custom';

/** Section 9's ranges, then issue 38's presets and the custom range (decision 0073). */
export const ALL_RANGES: readonly RangeKey[] = [
  '7d',
  '2w',
  '1m',
  '3m',
  '6m',
  '1y',
  '3y',
  'max',
  'ytd',
  'last-year',
  'custom',
];
const ADMIN_ONLY_RANGES: readonly RangeKey[] = ['7d', '2w'];

/** Roles 1 and 3 reach every store of their company. */
export function canAccessAllStores(role: number): boolean {
  return role === 1 || role === 3;
}

/** report_store_id when it is 0 or more, else the user's own store. */
export function reportingStoreId(cu: Pick<CompanyUserRecord, 'store' | 'report_store_id'>): number | null {
  if (cu.report_store_id !== null && cu.report_store_id >= 0) return cu.report_store_id;
  return cu.store;
}

/** Admin-style users are staff: no company user record, every range, All Stores, money saved. */
export function isAdminStyle(viewer: Viewer): boolean {
  return viewer.staff && viewer.companyUser === null;
}

export type ClientAccess =
  | { kind: 'admin' }
  | { kind: 'company'; companyId: number; allStores: true }
  | { kind: 'store'; companyId: number; storeId: number }
  | { kind: 'missing-reporting-store'; companyId: number }
  | { kind: 'not-authorized' };

/** What the client app may show this viewer. Staff are never shown the not-authorized message. */
export function clientAccess(viewer: Viewer): ClientAccess {
  const cu = viewer.companyUser;
  if (!cu) return viewer.staff ? { kind: 'admin' } : { kind: 'not-authorized' };
  if (canAccessAllStores(cu.company_user_role)) return { kind: 'company', companyId: cu.company, allStores: true };
  const storeId = reportingStoreId(cu);
  if (storeId === null) return { kind: 'missing-reporting-store', companyId: cu.company };
  return { kind: 'store', companyId: cu.company, storeId };
}

export function visibleRanges(viewer: Viewer): RangeKey[] {
  return isAdminStyle(viewer) ? [...ALL_RANGES] : ALL_RANGES.filter((r) => !ADMIN_ONLY_RANGES.includes(r));
}

export function canSeeMoneySaved(viewer: Viewer): boolean {
  return isAdminStyle(viewer);
}

export function canChooseAllStores(viewer: Viewer): boolean {
  return isAdminStyle(viewer);
}

/** The FLW analytics button: company 1 users who reach all stores. */
export function canSeeFlwButton(viewer: Viewer): boolean {
  const cu = viewer.companyUser;
  return cu !== null && cu.company === 1 && canAccessAllStores(cu.company_user_role);
}

/** Analytics counts a user as staff when the e-mail ends with the provider's domain. */
export function isStaffForAnalytics(email: string, staffDomain: string): boolean {
  if (!staffDomain) return false;
  const domain = staffDomain.startsWith('@') ? staffDomain : `@${staffDomain}`;
  return email.toLowerCase().endsWith(domain.toLowerCase());
}

/** Can this viewer read data of the given store (company id + store id)? */
export function canReadStore(viewer: Viewer, store: { id: number; company_id: number }): boolean {
  const access = clientAccess(viewer);
  switch (access.kind) {
    case 'admin':
      return true;
    case 'company':
      return access.companyId === store.company_id;
    case 'store':
      return access.companyId === store.company_id && access.storeId === store.id;
    default:
      return false;
  }
}
