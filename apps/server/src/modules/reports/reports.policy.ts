import {
  canSeeMoneySaved,
  clientAccess,
  ERROR_TYPES,
  messages,
  type ClientAccess,
  type ReportFilter,
  type Viewer,
} from '@openrescue/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { forbidden, HttpError, notFound, unauthorized } from '../../lib/http-error.js';
import { assertReadonlyRequest } from '../public-links/public-links.policy.js';
import {
  storeCompanyId,
  visibleCompanies,
  visibleReceivers,
  visibleStores,
  type VisibleReceiver,
  type VisibleStore,
} from './visibility.repository.js';

export type { VisibleReceiver, VisibleStore };

/**
 * Section 6 for every client read: who the caller is and which slice of the network they may see.
 * - all: admin-style users (staff without a company user record);
 * - company: roles 1 and 3, every store of their company;
 * - store: other roles, their reporting store only;
 * - receiver: a read-only charity link (r_{id}: one receiver) or a signed-in charity user (its receivers, decision
 *   0066); a read-only store link (s_{id}) is a store scope.
 * Another tenant's object answers exactly like a missing one (404).
 */
export type ReportScope =
  | { kind: 'all' }
  | { kind: 'company'; companyId: number }
  | { kind: 'store'; companyId: number; storeId: number }
  | { kind: 'receiver'; receiverIds: number[] };

export interface ResolvedViewer {
  /** null for a read-only link. */
  viewer: Viewer | null;
  access: ClientAccess | null;
  scope: ReportScope;
  /** money_saved__sum is shown only to admin-style users. */
  moneySaved: boolean;
  /** A signed-in charity (receiver) user: its receivers' reports only, no store pages (decision 0066). */
  charity?: boolean;
}

export const CLIENT_ACCESS_RESTRICTED = 'client access is restricted';

export function accountSetupError(): HttpError {
  return new HttpError(403, ERROR_TYPES.supportRequired, messages.accountSetupTitle, messages.accountSetupText);
}

/** The caller's viewer and scope; 401 without credentials, 403 without client access or without a reporting store. */
export async function resolveViewer(ctx: AppContext, request: FastifyRequest): Promise<ResolvedViewer> {
  const principal = request.principal;
  if (!principal) throw unauthorized('Sign in to continue.', 'authorization required');
  if (principal.kind === 'readonly') {
    assertReadonlyRequest(principal.scope, request); // a link opens its own report only (public-links.policy.ts)
    return { viewer: null, access: null, scope: await readonlyScope(ctx, principal.scope), moneySaved: false };
  }
  const companyUser = await ctx.repos.companyUsers.findByUserId(principal.userId);
  const viewer: Viewer = { staff: principal.staff, email: principal.email, companyUser };
  const access = clientAccess(viewer);
  const resolved = (scope: ReportScope): ResolvedViewer => ({
    viewer,
    access,
    scope,
    moneySaved: canSeeMoneySaved(viewer),
  });
  switch (access.kind) {
    case 'admin':
      return resolved({ kind: 'all' });
    case 'company':
      return resolved({ kind: 'company', companyId: access.companyId });
    case 'store':
      return resolved({ kind: 'store', companyId: access.companyId, storeId: access.storeId });
    case 'missing-reporting-store':
      throw accountSetupError();
    default: {
      // No company user record: a charity user reads its receivers' data (decision 0066); anyone else nothing.
      const charity = principal.staff ? null : await ctx.repos.receiverUsers.findByUserId(principal.userId);
      if (charity) {
        return {
          viewer,
          access,
          scope: { kind: 'receiver', receiverIds: charity.receiverIds },
          moneySaved: false,
          charity: true,
        };
      }
      throw forbidden(messages.notAuthorized(ctx.env.PRODUCT_NAME), CLIENT_ACCESS_RESTRICTED);
    }
  }
}

async function readonlyScope(ctx: AppContext, scope: string): Promise<ReportScope> {
  const match = /^([rs])_(\d{1,9})$/.exec(scope);
  if (!match) throw forbidden('This link does not open reports.', CLIENT_ACCESS_RESTRICTED);
  const id = Number(match[2]);
  if (match[1] === 'r') return { kind: 'receiver', receiverIds: [id] };
  const companyId = await storeCompanyId(ctx.database.db, id);
  if (companyId === undefined) throw notFound(`No store with id ${id}.`);
  return { kind: 'store', companyId, storeId: id };
}

/** The store when the caller may see it, else 404 exactly like a missing store. */
export async function assertStoreVisible(ctx: AppContext, rv: ResolvedViewer, storeId: number): Promise<VisibleStore> {
  const [store] = await visibleStores(ctx.database.db, rv.scope, [storeId]);
  if (!store) throw notFound(`No store with id ${storeId}.`);
  return store;
}

/** The receiver when the caller may see it (company users: linked to one of their stores), else 404. */
export async function assertReceiverVisible(
  ctx: AppContext,
  rv: ResolvedViewer,
  receiverId: number,
): Promise<VisibleReceiver> {
  const [receiver] = await visibleReceivers(ctx.database.db, rv.scope, [receiverId]);
  if (!receiver) throw notFound(`No receiver with id ${receiverId}.`);
  return receiver;
}

/** The company when the caller may see it, else 404. */
export async function assertCompanyVisible(ctx: AppContext, rv: ResolvedViewer, companyId: number) {
  const [company] = await visibleCompanies(ctx.database.db, rv.scope, [companyId]);
  if (!company) throw notFound(`No company with id ${companyId}.`);
  return company;
}

/** Checks every id of a request's filter at once; the first invisible or missing one answers 404. */
export async function assertFiltersVisible(ctx: AppContext, rv: ResolvedViewer, filter: ReportFilter): Promise<void> {
  const db = ctx.database.db;
  const check = async (ids: number[] | undefined, what: string, load: (ids: number[]) => Promise<{ id: number }[]>) => {
    if (!ids?.length) return;
    const unique = [...new Set(ids)];
    const found = new Set((await load(unique)).map((r) => r.id));
    const missing = unique.find((id) => !found.has(id));
    if (missing !== undefined) throw notFound(`No ${what} with id ${missing}.`);
  };
  // A company or store scope's own company exists (the rows it was read from reference it): no query needed for it.
  const scope = rv.scope;
  const ownCompanyOnly = (ids: number[]) => 'companyId' in scope && ids.every((id) => id === scope.companyId);
  await Promise.all([
    check(filter.companyIds, 'company', async (ids) =>
      ownCompanyOnly(ids) ? ids.map((id) => ({ id })) : visibleCompanies(db, scope, ids),
    ),
    check(filter.storeIds, 'store', (ids) => visibleStores(db, scope, ids)),
    check(filter.receiverIds, 'receiver', (ids) => visibleReceivers(db, scope, ids)),
  ]);
}

/** The donations this scope may read, as a filter (every query of the caller is ANDed with it). */
export function scopeFilters(scope: ReportScope): ReportFilter {
  switch (scope.kind) {
    case 'company':
      return { companyIds: [scope.companyId] };
    case 'store':
      return { companyIds: [scope.companyId], storeIds: [scope.storeId] };
    case 'receiver':
      return { receiverIds: scope.receiverIds };
    default:
      return {};
  }
}

/** A request's filter narrowed to what the caller may read (its ids were already checked as visible). */
export function viewerFilter(rv: ResolvedViewer, requested: ReportFilter): ReportFilter {
  const own = scopeFilters(rv.scope);
  const both = (a?: number[], b?: number[]) => (a && b ? a.filter((id) => b.includes(id)) : (a ?? b));
  return {
    companyIds: both(requested.companyIds, own.companyIds),
    storeIds: both(requested.storeIds, own.storeIds),
    receiverIds: both(requested.receiverIds, own.receiverIds),
  };
}
