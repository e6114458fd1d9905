import type { AppContext } from '../context.js';
import { publicReportLink } from '../modules/public-links/public-links.service.js';

/**
 * The store's public report address (spec 2.9): `${origin}/public/store/{storeId}/reports?tk=...`, signed by
 * publicReportLink (scope s_{storeId}, store.token_version). A context without a database (pure document tests)
 * gets a recognisable placeholder token that unlocks nothing.
 */
export async function publicReportUrl(ctx: Pick<AppContext, 'origin'> & Partial<AppContext>, storeId: number): Promise<string> {
  if (ctx.database && ctx.env && ctx.auth) return publicReportLink(ctx as AppContext, 'store', storeId);
  const tk = `pending-s_${storeId}`;
  return `${ctx.origin}/public/store/${storeId}/reports?tk=${encodeURIComponent(tk)}`;
}
