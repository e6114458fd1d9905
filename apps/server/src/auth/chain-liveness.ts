import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import { ofChain } from './session-rotation.js';

// How long a chain seen alive is trusted without asking again. A sign-out in this process is seen at once
// (forget); one in another server process within this time (decision 0025).
export const CHAIN_RECHECK_MS = 5_000;
const MAX_CHAINS = 20_000;

/**
 * Whether a session chain (the sessions one sign-in led to through rotations) still has a live session: sign-out,
 * a revoked chain (refresh-token reuse), a removed account or the session's expiry all end it. Answers from memory
 * for CHAIN_RECHECK_MS; concurrent questions about one chain share one query.
 */
export function createChainLiveness(db: Kysely<DB>, recheckMs = CHAIN_RECHECK_MS) {
  const seen = new Map<string, { live: boolean; atMs: number }>();
  const asking = new Map<string, Promise<boolean>>();

  async function query(chainId: string): Promise<boolean> {
    const row = await db
      .selectFrom('session')
      .select(sql<number>`1`.as('live'))
      .where(ofChain(chainId))
      .where('expiresAt', '>', new Date())
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async function ask(chainId: string): Promise<boolean> {
    try {
      const live = await query(chainId);
      if (seen.size >= MAX_CHAINS) seen.delete(seen.keys().next().value!);
      seen.set(chainId, { live, atMs: Date.now() });
      return live;
    } finally {
      asking.delete(chainId);
    }
  }

  return {
    isLive(chainId: string): Promise<boolean> | boolean {
      const hit = seen.get(chainId);
      // An ended chain never comes back; a live one is asked again after the recheck time.
      if (hit && (!hit.live || Date.now() - hit.atMs < recheckMs)) return hit.live;
      const pending = asking.get(chainId) ?? ask(chainId);
      asking.set(chainId, pending);
      return pending;
    },
    /** A session of the chain ended here: the next question about it asks the database. */
    forget(chainId: string): void {
      seen.delete(chainId);
    },
  };
}
