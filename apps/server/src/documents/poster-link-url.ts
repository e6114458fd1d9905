import type { AppContext } from '../context.js';
import { posterLinkUrl as storePosterLink } from '../modules/public-links/poster-links.service.js';

/**
 * The address a store's poster prints in its QR code: the store's short poster link, `${origin}/p/{code}` (decision
 * 0050). A context without a database (pure document tests) gets a recognisable placeholder code that opens nothing.
 */
export async function posterLinkUrl(
  ctx: Pick<AppContext, 'origin'> & Partial<AppContext>,
  storeId: number,
): Promise<string> {
  if (ctx.database) return storePosterLink(ctx as AppContext, storeId);
  return `${ctx.origin}/p/pending${String(storeId).padStart(5, '0').slice(-5)}`;
}
