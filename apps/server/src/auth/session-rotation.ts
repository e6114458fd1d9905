import { createHash, randomUUID } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { deleteSessionCookie, setSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Session rotation with reuse detection (decision 0023). The session cookie is the refresh credential: each access
 * token request replaces it with a new session of the same chain. A replaced token presented again means either two
 * tabs refreshed at once (within the grace: they get the chain's current session) or the cookie was copied (after
 * it: every session of the chain ends, the thief's and the owner's).
 */
export type RotationOutcome =
  | { kind: 'rotated' | 'grace'; token: string }
  | { kind: 'reused'; userId: string; chainId: string; revoked: number }
  | { kind: 'unknown' };

type SessionUserRecord = {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
  staff?: boolean;
};

export interface RotationSettings {
  db: Kysely<DB>;
  /** How long a replaced token still leads to its chain's current session (two tabs refreshing at once). */
  graceSeconds: number;
  /** Lifetime of a new session (the auth library's session.expiresIn). */
  sessionSeconds: number;
}

/** The sessions of a chain: the one signed in first (its id is the chain's) and those rotation made from it. */
export const ofChain = (chainId: string) => (eb: ExpressionBuilder<DB, 'session'>) =>
  eb.or([eb('chainId', '=', chainId), eb('id', '=', chainId)]);

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function rotateSessionToken(
  { db, graceSeconds, sessionSeconds }: RotationSettings,
  token: string,
): Promise<RotationOutcome> {
  return db.transaction().execute(async (trx): Promise<RotationOutcome> => {
    // The delete is the claim: of two requests with one token, only one gets the row.
    const old = await trx.deleteFrom('session').where('token', '=', token).returningAll().executeTakeFirst();
    const now = new Date();
    if (old && old.expiresAt > now) {
      const chainId = old.chainId ?? old.id;
      const fresh = generateRandomString(32, 'a-z', 'A-Z', '0-9');
      const expiresAt = new Date(now.getTime() + sessionSeconds * 1000);
      await trx
        .insertInto('session')
        .values({
          id: randomUUID(),
          token: fresh,
          userId: old.userId,
          chainId,
          expiresAt,
          createdAt: now,
          updatedAt: now,
          ipAddress: old.ipAddress,
          userAgent: old.userAgent,
        })
        .execute();
      await trx.deleteFrom('session_rotated').where('expires_at', '<', now).execute();
      await trx
        .insertInto('session_rotated')
        .values({
          token_hash: hashToken(token),
          chain_id: chainId,
          user_id: old.userId,
          rotated_at: now,
          expires_at: expiresAt,
        })
        .execute();
      return { kind: 'rotated', token: fresh };
    }
    if (old) return { kind: 'unknown' }; // an expired session: gone now, as the auth library would have done

    const replaced = await trx
      .selectFrom('session_rotated')
      .selectAll()
      .where('token_hash', '=', hashToken(token))
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!replaced) return { kind: 'unknown' };
    if (now.getTime() - replaced.rotated_at.getTime() <= graceSeconds * 1000) {
      const current = await trx
        .selectFrom('session')
        .select('token')
        .where('chainId', '=', replaced.chain_id)
        .where('expiresAt', '>', now)
        .orderBy('createdAt', 'desc')
        .executeTakeFirst();
      return current ? { kind: 'grace', token: current.token } : { kind: 'unknown' };
    }
    const revoked = await trx.deleteFrom('session').where(ofChain(replaced.chain_id)).executeTakeFirst();
    return {
      kind: 'reused',
      userId: replaced.user_id,
      chainId: replaced.chain_id,
      revoked: Number(revoked.numDeletedRows),
    };
  });
}

/** How many sessions of a chain are still alive (the security tests look). */
export async function liveSessionsOfChain(db: Kysely<DB>, chainId: string): Promise<number> {
  const row = await db
    .selectFrom('session')
    .select(sql<number>`count(*)`.as('n'))
    .where(ofChain(chainId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The auth library's side: reads the signed session cookie, rotates, and sets the new cookie the way sign-in does
 * (same name, attributes and browser-session lifetime), or clears it. Server-only: reached through auth.api.
 */
export function sessionRotation(settings: RotationSettings) {
  return {
    id: 'session-rotation',
    endpoints: {
      rotateSession: createAuthEndpoint.serverOnly({ method: 'POST', requireHeaders: true }, async (ctx) => {
        const cookie = ctx.context.authCookies.sessionToken.name;
        const token = await ctx.getSignedCookie(cookie, ctx.context.secret);
        const outcome: RotationOutcome = token ? await rotateSessionToken(settings, token) : { kind: 'unknown' };
        if (outcome.kind === 'rotated' || outcome.kind === 'grace') {
          const current = await ctx.context.internalAdapter.findSession(outcome.token);
          if (current) {
            await setSessionCookie(ctx, current);
            return ctx.json({ kind: outcome.kind, user: current.user as SessionUserRecord, reuse: null });
          }
        }
        deleteSessionCookie(ctx);
        const reuse =
          outcome.kind === 'reused'
            ? { userId: outcome.userId, chainId: outcome.chainId, revoked: outcome.revoked }
            : null;
        return ctx.json({ kind: reuse ? ('reused' as const) : ('unknown' as const), user: null, reuse });
      }),
    },
  } satisfies BetterAuthPlugin;
}
