import type { AppContext } from '../context.js';

/**
 * The store's public report address (spec 2.9): `${origin}/public/store/{storeId}/reports?tk=...`.
 * PLACEHOLDER TOKEN: the signed read-only token (jose, scope s_{storeId}, store.token_version) arrives in step 5;
 * until then `tk` is a recognisable placeholder that unlocks nothing. Async so the real signer drops in unchanged.
 */
export async function publicReportUrl(ctx: Pick<AppContext, 'origin'>, storeId: number): Promise<string> {
  const tk = `pending-s_${storeId}`;
  return `${ctx.origin}/public/store/${storeId}/reports?tk=${encodeURIComponent(tk)}`;
}
