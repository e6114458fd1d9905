import type { AppContext } from '../../context.js';

export type LinkKind = 'receiver' | 'store';

/**
 * The public, read-only report address of a receiver (charity report) or store (store report), carrying its signed
 * `tk` (DESIGN.md "Public links"). Stub: the signer lands with the public-links module (step 3/5).
 */
export async function publicReportLink(ctx: AppContext, kind: LinkKind, id: number): Promise<string> {
  const path = kind === 'receiver' ? `/public/charity/${id}/reports` : `/public/store/${id}/reports`;
  return `${ctx.origin}${path}?tk=pending-${kind === 'receiver' ? 'r' : 's'}_${id}`;
}
