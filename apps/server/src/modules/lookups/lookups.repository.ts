import type { CompanyLookupRow, ReceiverLookupRow, StoreLookupRow } from '@openrescue/shared';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import { containsPattern, receiverIdList, receiverVisible } from '../reports/places.repository.js';
import type { ReportScope } from '../reports/reports.policy.js';

interface Page {
  limit: number;
  offset: number;
}
interface LookupFilters extends Page {
  ids?: number[];
  companyIds?: number[];
  search?: string;
  receiverType?: 'HUB' | 'FARM';
}

/** Lookup lists (id and name), by name then id, with the total count of matches. */
export function createLookupsRepository(db: Kysely<DB>) {
  const total = sql<number>`count(*) over ()`.as('total');
  const counted = async <T extends { total: number }>(
    rows: T[],
    again: () => Promise<{ count: number }>,
    offset: number,
  ) => ({
    count: rows.length ? Number(rows[0].total) : offset > 0 ? (await again()).count : 0,
    rows: rows.map(({ total: _t, ...rest }) => rest),
  });

  const repo = {
    async companies(scope: ReportScope, f: LookupFilters): Promise<{ count: number; rows: CompanyLookupRow[] }> {
      let q = db.selectFrom('company as c').select(['c.id', 'c.name', 'c.logo_image_url', total]);
      if (scope.kind === 'company' || scope.kind === 'store') q = q.where('c.id', '=', scope.companyId);
      if (scope.kind === 'receiver') {
        q = q.where(sql<SqlBool>`exists (select 1 from store_receiver x join store xs on xs.id = x.store_id
          where xs.company_id = c.id and x.receiver_id in (${receiverIdList(scope.receiverIds)}))`);
      }
      if (f.ids?.length) q = q.where('c.id', 'in', f.ids);
      if (f.search) q = q.where(sql<SqlBool>`c.name ilike ${containsPattern(f.search)}`);
      const rows = await q.orderBy('c.name').orderBy('c.id').limit(f.limit).offset(f.offset).execute();
      return counted(rows, () => repo.companies(scope, { ...f, offset: 0, limit: 1 }), f.offset);
    },

    async stores(scope: ReportScope, f: LookupFilters): Promise<{ count: number; rows: StoreLookupRow[] }> {
      let q = db.selectFrom('store as s').select(['s.id', 's.name', 's.company_id', total]);
      if (scope.kind === 'company') q = q.where('s.company_id', '=', scope.companyId);
      if (scope.kind === 'store') q = q.where('s.id', '=', scope.storeId).where('s.company_id', '=', scope.companyId);
      if (scope.kind === 'receiver') {
        q = q.where(
          sql<SqlBool>`exists (select 1 from store_receiver x where x.store_id = s.id and x.receiver_id in (${receiverIdList(scope.receiverIds)}))`,
        );
      }
      if (f.ids?.length) q = q.where('s.id', 'in', f.ids);
      if (f.companyIds?.length) q = q.where('s.company_id', 'in', f.companyIds);
      if (f.search) q = q.where(sql<SqlBool>`s.name ilike ${containsPattern(f.search)}`);
      const rows = await q.orderBy('s.name').orderBy('s.id').limit(f.limit).offset(f.offset).execute();
      return counted(
        rows.map((r) => ({ ...r, id: Number(r.id), company_id: Number(r.company_id) })),
        () => repo.stores(scope, { ...f, offset: 0, limit: 1 }),
        f.offset,
      );
    },

    async receivers(scope: ReportScope, f: LookupFilters): Promise<{ count: number; rows: ReceiverLookupRow[] }> {
      let q = db
        .selectFrom('receiver as r')
        .select(['r.id', 'r.name', 'r.receiver_type', total])
        .where(receiverVisible(scope, sql.ref('r.id')));
      if (f.ids?.length) q = q.where('r.id', 'in', f.ids);
      if (f.receiverType) q = q.where('r.receiver_type', '=', f.receiverType);
      if (f.search) q = q.where(sql<SqlBool>`r.name ilike ${containsPattern(f.search)}`);
      const rows = await q.orderBy('r.name').orderBy('r.id').limit(f.limit).offset(f.offset).execute();
      return counted(
        rows.map((r) => ({ ...r, id: Number(r.id) })),
        () => repo.receivers(scope, { ...f, offset: 0, limit: 1 }),
        f.offset,
      );
    },

    async reasons(p: Page): Promise<{ count: number; rows: { id: number; reason: string }[] }> {
      const rows = await db
        .selectFrom('reason')
        .select(['id', 'reason', total])
        .orderBy('id')
        .limit(p.limit)
        .offset(p.offset)
        .execute();
      return counted(
        rows.map((r) => ({ ...r, id: Number(r.id) })),
        () => repo.reasons({ offset: 0, limit: 1 }),
        p.offset,
      );
    },
  };
  return repo;
}
