import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ReportScope } from './reports.policy.js';

/**
 * Which of some stores, receivers or companies a scope may see (section 6, reports.policy.ts): company users their
 * company's stores and the receivers linked to them, a store user their one store and its receivers, a receiver
 * link or a charity user its receivers and the stores (and their companies) that give to them.
 */
export interface VisibleStore {
  id: number;
  name: string;
  company_id: number;
}

export interface VisibleReceiver {
  id: number;
  name: string;
}

export interface VisibleCompany {
  id: number;
  name: string;
}

export async function visibleStores(db: Kysely<DB>, scope: ReportScope, ids: number[]): Promise<VisibleStore[]> {
  let q = db.selectFrom('store as s').select(['s.id', 's.name', 's.company_id']).where('s.id', 'in', ids);
  if (scope.kind === 'company') q = q.where('s.company_id', '=', scope.companyId);
  if (scope.kind === 'store') q = q.where('s.id', '=', scope.storeId).where('s.company_id', '=', scope.companyId);
  if (scope.kind === 'receiver') {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('store_receiver as sr')
          .select(sql`1`.as('x'))
          .whereRef('sr.store_id', '=', 's.id')
          .where('sr.receiver_id', 'in', scope.receiverIds.length ? scope.receiverIds : [0]),
      ),
    );
  }
  const rows = await q.execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, company_id: Number(r.company_id) }));
}

export async function visibleReceivers(db: Kysely<DB>, scope: ReportScope, ids: number[]): Promise<VisibleReceiver[]> {
  let q = db.selectFrom('receiver as r').select(['r.id', 'r.name']).where('r.id', 'in', ids);
  if (scope.kind === 'receiver') q = q.where('r.id', 'in', scope.receiverIds.length ? scope.receiverIds : [0]);
  if (scope.kind === 'company' || scope.kind === 'store') {
    q = q.where(({ exists, selectFrom }) => {
      let link = selectFrom('store_receiver as sr')
        .innerJoin('store as s', 's.id', 'sr.store_id')
        .select(sql`1`.as('x'))
        .whereRef('sr.receiver_id', '=', 'r.id')
        .where('s.company_id', '=', scope.companyId);
      if (scope.kind === 'store') link = link.where('s.id', '=', scope.storeId);
      return exists(link);
    });
  }
  const rows = await q.execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function visibleCompanies(db: Kysely<DB>, scope: ReportScope, ids: number[]): Promise<VisibleCompany[]> {
  let q = db.selectFrom('company as c').select(['c.id', 'c.name']).where('c.id', 'in', ids);
  if (scope.kind === 'company' || scope.kind === 'store') q = q.where('c.id', '=', scope.companyId);
  if (scope.kind === 'receiver') {
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('store_receiver as sr')
          .innerJoin('store as s', 's.id', 'sr.store_id')
          .select(sql`1`.as('x'))
          .whereRef('s.company_id', '=', 'c.id')
          .where('sr.receiver_id', 'in', scope.receiverIds.length ? scope.receiverIds : [0]),
      ),
    );
  }
  const rows = await q.execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

/** A store's company, for a store's read-only link (undefined: no such store). */
export async function storeCompanyId(db: Kysely<DB>, storeId: number): Promise<number | undefined> {
  const store = await db.selectFrom('store').select(['id', 'company_id']).where('id', '=', storeId).executeTakeFirst();
  return store ? Number(store.company_id) : undefined;
}
