import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface CompanyUserRow {
  id: number;
  company: number;
  store: number | null;
  report_store_id: number | null;
  company_user_role: number;
}

export function createCompanyUsersRepository(db: Kysely<DB>) {
  return {
    async findByUserId(userId: string): Promise<CompanyUserRow | null> {
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
    },
  };
}

export type CompanyUsersRepository = ReturnType<typeof createCompanyUsersRepository>;
