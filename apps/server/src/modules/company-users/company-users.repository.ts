import type { Kysely } from 'kysely';
import { CHAIN_RECHECK_MS } from '../../auth/chain-liveness.js';
import type { DB } from '../../db/schema.js';

export interface CompanyUserRow {
  id: number;
  company: number;
  store: number | null;
  report_store_id: number | null;
  company_user_role: number;
}

const MAX_REMEMBERED = 20_000;

/**
 * Every client read resolves its caller's company user, so a record read is trusted for CHAIN_RECHECK_MS: a change
 * to a company user reaches report scopes within the time a sign-out takes to reach another process (decision 0030).
 * Concurrent reads of one user share one query; a failed read is not remembered.
 */
export function createCompanyUsersRepository(db: Kysely<DB>, recheckMs = CHAIN_RECHECK_MS) {
  const remembered = new Map<string, { atMs: number; row: Promise<CompanyUserRow | null> }>();

  async function read(userId: string): Promise<CompanyUserRow | null> {
    const row = await db
      .selectFrom('company_user')
      .select(['id', 'company_id', 'store_id', 'report_store_id', 'company_user_role'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      id: Number(row.id),
      company: Number(row.company_id),
      store: row.store_id === null ? null : Number(row.store_id),
      report_store_id: row.report_store_id === null ? null : Number(row.report_store_id),
      company_user_role: Number(row.company_user_role),
    };
  }

  return {
    findByUserId(userId: string): Promise<CompanyUserRow | null> {
      const hit = remembered.get(userId);
      if (hit && Date.now() - hit.atMs < recheckMs) return hit.row;
      const row = read(userId);
      remembered.delete(userId);
      if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
      remembered.set(userId, { atMs: Date.now(), row });
      row.catch(() => remembered.get(userId)?.row === row && remembered.delete(userId));
      return row;
    },
    /** The user's record changed outside this repository (a test, an operator's SQL): read it again next time. */
    forget(userId: string): void {
      remembered.delete(userId);
    },
  };
}

export type CompanyUsersRepository = ReturnType<typeof createCompanyUsersRepository>;
