import type { AppContext } from '../../context.js';
import {
  assertReceiverVisible, assertStoreVisible, type ResolvedViewer, scopeFilters,
} from '../reports/reports.policy.js';
import type { ReportScope as DataScope } from './documents.repository.js';

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
  const store = await assertStoreVisible(ctx, rv, storeId);
  const row = await ctx.database.db
    .selectFrom('store as s')
    .innerJoin('company as c', 'c.id', 's.company_id')
    .select(['c.name as company', 's.start_date'])
    .where('s.id', '=', store.id)
    .executeTakeFirstOrThrow();
  const scope = defined({ ...viewerLimits(rv), storeId: store.id });
  return { ...store, company: row.company, start_date: String(row.start_date).slice(0, 10), scope };
}

export async function receiverSubject(ctx: AppContext, rv: ResolvedViewer, receiverId: number): Promise<ReceiverSubject> {
  const receiver = await assertReceiverVisible(ctx, rv, receiverId);
  const limits = viewerLimits(rv);
  let company: string | null = null;
  if (limits.companyId !== undefined) {
    const row = await ctx.database.db.selectFrom('company').select('name').where('id', '=', limits.companyId).executeTakeFirst();
    company = row?.name ?? null;
  }
  return { ...receiver, company, scope: defined({ ...limits, receiverId: receiver.id }) };
}
