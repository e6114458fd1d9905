import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/http-error.js';
import {
  assertReceiverVisible,
  assertStoreVisible,
  type ResolvedViewer,
  scopeFilters,
} from '../reports/reports.policy.js';
import { companyName, type ReportScope as DataScope, storeCompanyAndStart, storeName } from './documents.repository.js';

/**
 * Section 6 for reports and posters, on top of the reports policy (resolveViewer / assert*Visible): another
 * company's store or receiver answers 404 exactly like a missing one, and a receiver's figures are limited to the
 * caller's company (or reporting store) unless the caller is admin-style.
 */
export interface StoreSubject {
  id: number;
  name: string;
  company_id: number;
  company: string;
  start_date: string;
  scope: DataScope;
}

export interface ReceiverSubject {
  id: number;
  name: string;
  /** The company the data is limited to (null: every donor). */
  company: string | null;
  /** The one store the data is limited to (a store user's reporting store; null: the whole company or every donor). */
  store: string | null;
  scope: DataScope;
}

/** The viewer's own limits as a data scope: single ids, since a viewer is limited to one company / store / receiver. */
function viewerLimits(rv: ResolvedViewer): DataScope {
  const f = scopeFilters(rv.scope);
  return { companyId: f.companyIds?.[0], storeId: f.storeIds?.[0], receiverId: f.receiverIds?.[0] };
}

const defined = (scope: DataScope): DataScope =>
  Object.fromEntries(Object.entries(scope).filter(([, v]) => v !== undefined)) as DataScope;

export async function storeSubject(ctx: AppContext, rv: ResolvedViewer, storeId: number): Promise<StoreSubject> {
  // Store reports and posters are store pages: a charity user reads its receivers' reports only (decision 0066).
  if (rv.charity) throw notFound(`No store with id ${storeId}.`);
  const store = await assertStoreVisible(ctx, rv, storeId);
  const row = await storeCompanyAndStart(ctx.database.db, store.id);
  const scope = defined({ ...viewerLimits(rv), storeId: store.id });
  return { ...store, company: row.company, start_date: String(row.start_date).slice(0, 10), scope };
}

export async function receiverSubject(
  ctx: AppContext,
  rv: ResolvedViewer,
  receiverId: number,
): Promise<ReceiverSubject> {
  const receiver = await assertReceiverVisible(ctx, rv, receiverId);
  const limits = viewerLimits(rv);
  let company: string | null = null;
  if (limits.companyId !== undefined) {
    company = await companyName(ctx.database.db, limits.companyId);
  }
  let store: string | null = null;
  if (limits.storeId !== undefined) {
    store = await storeName(ctx.database.db, limits.storeId);
  }
  return { ...receiver, company, store, scope: defined({ ...limits, receiverId: receiver.id }) };
}
