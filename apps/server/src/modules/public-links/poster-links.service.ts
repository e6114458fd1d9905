import { randomBytes } from 'node:crypto';
import { publicPagePaths } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { createPosterLinksRepository, type PosterLinkRow } from './poster-links.repository.js';
import { signLinkClaims } from './public-links.service.js';

/**
 * Printed posters' short links (decision 0050). A poster's QR code carries `{origin}/p/{code}`: 12 random characters
 * (60 bits), so the code has far fewer modules than the signed report link would need. The code is the link's own
 * kind: it resolves to a read-only token of the store's scope that names the code (claim `pl`) instead of the
 * store's token_version, so rotating the store's report link leaves posters working, and revoking the code ends
 * only the posters printed with it.
 */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const POSTER_CODE_PATTERN = /^[0-9a-z]{12}$/;

function newCode(): string {
  return [...randomBytes(12)].map((b) => ALPHABET[b & 31]).join('');
}

export interface PosterLink {
  store_id: number;
  code: string;
  url: string;
  created_at: string;
}

type Ctx = Pick<AppContext, 'database' | 'origin'>;
const repo = (ctx: Pick<AppContext, 'database'>) => createPosterLinksRepository(ctx.database.db);
const shortUrl = (ctx: Pick<AppContext, 'origin'>, code: string) => `${ctx.origin}/p/${code}`;
const asLink = (ctx: Pick<AppContext, 'origin'>, row: PosterLinkRow): PosterLink => ({
  store_id: row.store_id,
  code: row.code,
  url: shortUrl(ctx, row.code),
  created_at: row.created_at.toISOString(),
});

/** The store's live poster link, made on first use (the store must exist: callers have checked it). */
export async function posterLinkUrl(ctx: Ctx, storeId: number): Promise<string> {
  return shortUrl(ctx, (await repo(ctx).liveOrInsert(storeId, newCode())).code);
}

/**
 * The live poster link of a store, or 404; `onCreated` runs when this call made it (the audit trail), in the
 * transaction that makes it.
 */
export async function currentPosterLink(
  ctx: Ctx,
  storeId: number,
  onCreated: (trx: Kysely<DB>, link: PosterLink) => Promise<void>,
): Promise<PosterLink> {
  if (!(await repo(ctx).storeExists(storeId))) throw notFound(`No store with id ${storeId}.`);
  const code = newCode();
  return ctx.database.db.transaction().execute(async (trx) => {
    const link = asLink(ctx, await createPosterLinksRepository(trx).liveOrInsert(storeId, code));
    if (link.code === code) await onCreated(trx, link);
    return link;
  });
}

/**
 * Revokes the live code (every poster printed with it stops opening the report) and returns its successor; `audit`
 * writes the entry in the same transaction.
 */
export async function revokePosterLink(
  ctx: Ctx,
  storeId: number,
  audit: (trx: Kysely<DB>, link: PosterLink) => Promise<void>,
): Promise<PosterLink> {
  if (!(await repo(ctx).storeExists(storeId))) throw notFound(`No store with id ${storeId}.`);
  const row = await repo(ctx).replace(storeId, newCode(), (trx, replaced) => audit(trx, asLink(ctx, replaced)));
  return asLink(ctx, row);
}

/**
 * Where `/p/{code}` leads: the store's public report with a token naming the code, or null for a code that never
 * existed. A revoked code still leads there: the page then says the link was replaced (its token is refused).
 */
export async function posterLinkTarget(ctx: AppContext, code: string): Promise<string | null> {
  if (!POSTER_CODE_PATTERN.test(code)) return null;
  const row = await repo(ctx).byCode(code);
  if (!row) return null;
  const tk = await signLinkClaims(ctx, { scope: `s_${row.store_id}`, pl: row.code });
  return publicPagePaths.storeReports(row.store_id, tk);
}
