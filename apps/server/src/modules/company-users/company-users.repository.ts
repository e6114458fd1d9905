import type { Kysely } from 'kysely';
import { CHAIN_RECHECK_MS } from '../../auth/chain-liveness.js';
import type { DB } from '../../db/schema.js';
import { createRecheckedReads } from '../../lib/rechecked-reads.js';

export interface CompanyUserRow {
  id: number;
  company: number;
  store: number | null;
  report_store_id: number | null;
  company_user_role: number;
}

/**
 * Every client read resolves its caller's company user, so a record read is trusted for CHAIN_RECHECK_MS: a change
 * to a company user reaches report scopes within the time a sign-out takes to reach another process (decision 0030).
 */
export function createCompanyUsersRepository(db: Kysely<DB>, recheckMs = CHAIN_RECHECK_MS) {
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

  const reads = createRecheckedReads(read, recheckMs);
  return { findByUserId: reads.get, forget: reads.forget };
}

export type CompanyUsersRepository = ReturnType<typeof createCompanyUsersRepository>;
