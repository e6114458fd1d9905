import { createHmac } from 'node:crypto';
import { type JWTPayload, jwtVerify, SignJWT } from 'jose';
import { publicPagePaths } from '@openrescue/shared';
import { resolveAuthSecret } from '../../auth/auth-secret.js';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/connection.js';
import type { DB } from '../../db/schema.js';
import { notFound } from '../../lib/http-error.js';
import { createPosterLinksRepository } from './poster-links.repository.js';
import { bumpTokenVersion, tokenVersionOf } from './public-links.repository.js';

export type LinkKind = 'receiver' | 'store';

/**
 * Read-only public links (DESIGN.md "Public links", section 6 "Credentials on the wire"): `tk` is a compact JWS
 * (HS256) with payload { scope: 'r_{id}' | 's_{id}', v: token_version } and no expiry. The key is derived from the
 * server's auth secret; rotating a link bumps the record's token_version, so every older token stops working.
 */
const KEY_LABEL = 'openrescue:public-links:v1';
const keys = new WeakMap<Database, Promise<Uint8Array>>();

function signingKey(ctx: Pick<AppContext, 'database' | 'env'>): Promise<Uint8Array> {
  let key = keys.get(ctx.database);
  if (!key) {
    key = resolveAuthSecret(ctx.database, ctx.env.AUTH_SECRET).then(
      (secret) => new Uint8Array(createHmac('sha256', secret).update(KEY_LABEL).digest()),
    );
    keys.set(ctx.database, key);
  }
  return key;
}

export const scopeOf = (kind: LinkKind, id: number) => `${kind === 'receiver' ? 'r' : 's'}_${id}`;
const table = (kind: LinkKind) => (kind === 'receiver' ? 'receiver' : 'store') as 'receiver' | 'store';

export async function currentTokenVersion(
  ctx: Pick<AppContext, 'database'>,
  kind: LinkKind,
  id: number,
): Promise<number | null> {
  return tokenVersionOf(ctx.database.db, table(kind), id);
}

export async function signLinkToken(ctx: AppContext, kind: LinkKind, id: number, version: number): Promise<string> {
  return signLinkClaims(ctx, { scope: scopeOf(kind, id), v: version });
}

/** Signs any claims with the links' key: signLinkToken's, and the security tests' (an expired or re-signed token). */
export async function signLinkClaims(
  ctx: Pick<AppContext, 'database' | 'env'>,
  claims: JWTPayload,
  alg = 'HS256',
): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(await signingKey(ctx));
}

function linkUrl(ctx: Pick<AppContext, 'origin'>, kind: LinkKind, id: number, tk: string) {
  const path = kind === 'receiver' ? publicPagePaths.charityReports(id, tk) : publicPagePaths.storeReports(id, tk);
  return `${ctx.origin}${path}`;
}

export interface PublicLink {
  kind: LinkKind;
  id: number;
  scope: string;
  token_version: number;
  url: string;
}

/** The current link, or 404 when the receiver or store does not exist. */
export async function currentLink(ctx: AppContext, kind: LinkKind, id: number): Promise<PublicLink> {
  const version = await currentTokenVersion(ctx, kind, id);
  if (version === null) throw notFound(`No ${kind} with id ${id}.`);
  const tk = await signLinkToken(ctx, kind, id, version);
  return { kind, id, scope: scopeOf(kind, id), token_version: version, url: linkUrl(ctx, kind, id, tk) };
}

/**
 * Bumps token_version (old links stop working) and returns the new link; `audit` writes the change's entry in its
 * transaction, so that the two commit or roll back together.
 */
export async function rotateLink(
  ctx: AppContext,
  kind: LinkKind,
  id: number,
  audit: (trx: Kysely<DB>, version: number) => Promise<void>,
): Promise<PublicLink> {
  const version = await ctx.database.db.transaction().execute(async (trx) => {
    const bumped = await bumpTokenVersion(trx, table(kind), id);
    if (bumped === null) throw notFound(`No ${kind} with id ${id}.`);
    await audit(trx, bumped);
    return bumped;
  });
  const tk = await signLinkToken(ctx, kind, id, version);
  return { kind, id, scope: scopeOf(kind, id), token_version: version, url: linkUrl(ctx, kind, id, tk) };
}

/**
 * The public, read-only report address of a receiver (charity report) or store (store report), carrying its signed
 * `tk` (DESIGN.md "Public links"). A missing record still gets an address (with version 1), which opens nothing.
 */
export async function publicReportLink(ctx: AppContext, kind: LinkKind, id: number): Promise<string> {
  const version = (await currentTokenVersion(ctx, kind, id)) ?? 1;
  return linkUrl(ctx, kind, id, await signLinkToken(ctx, kind, id, version));
}

/**
 * `ro.<scope>.<tk>` (without the `ro.` prefix): the scope when the signature is good, the payload's scope equals
 * the prefix and its version equals the record's current token_version (a report link) or its poster code `pl` is
 * the store's live one (a poster link, decision 0050); otherwise null.
 */
export async function verifyReadonlyToken(ctx: AppContext, value: string): Promise<{ scope: string } | null> {
  const match = /^([rs])_(\d{1,9})\.(.+)$/.exec(value);
  if (!match) return null;
  const scope = `${match[1]}_${match[2]}`;
  try {
    const { payload } = await jwtVerify(match[3], await signingKey(ctx), { algorithms: ['HS256'] });
    if (payload.scope !== scope) return null;
    if (typeof payload.pl === 'string') {
      if (match[1] !== 's') return null;
      const poster = await createPosterLinksRepository(ctx.database.db).byCode(payload.pl);
      return poster && poster.store_id === Number(match[2]) && poster.revoked_at === null ? { scope } : null;
    }
    if (typeof payload.v !== 'number') return null;
    const version = await currentTokenVersion(ctx, match[1] === 'r' ? 'receiver' : 'store', Number(match[2]));
    return version !== null && version === payload.v ? { scope } : null;
  } catch {
    return null;
  }
}
