import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { SumRow } from '../documents/documents.repository.js';

const num = (v: unknown) => Number(v ?? 0);
const day = (d: string) => sql<Date>`${d}::date`;

/**
 * A company's month for its report in three reads of the monthly rollup, whatever its number of stores (500 stores
 * by one query each was 1,000 round trips): its stores, every store's month by department x destination, and every
 * store's months of the year so far.
 */
export function createCompanyReportRepository(db: Kysely<DB>) {
  const sums = (r: Record<string, unknown>): SumRow => ({
    weight_kg: num(r.weight_kg),
    meals_provided: num(r.meals_provided),
    co2_emissions_kg: num(r.co2_emissions_kg),
    money_saved: num(r.money_saved),
    donation_count: num(r.donation_count),
  });
  const rollup = (companyId: number) =>
    db
      .selectFrom('donation_monthly as m')
      .where('m.company_id', '=', companyId)
      .select((eb) => [
        'm.store_id',
        eb.fn.sum<number>('m.weight_kg').as('weight_kg'),
        eb.fn.sum<number>('m.meals_provided').as('meals_provided'),
        eb.fn.sum<number>('m.co2_emissions_kg').as('co2_emissions_kg'),
        eb.fn.sum<number>('m.money_saved').as('money_saved'),
        eb.fn.sum<number>('m.donation_count').as('donation_count'),
      ]);

  return {
    async company(companyId: number) {
      const row = await db.selectFrom('company').select(['id', 'name']).where('id', '=', companyId).executeTakeFirst();
      return row ? { id: Number(row.id), name: row.name } : null;
    },

    /** The company's stores, by name. */
    async stores(companyId: number) {
      const rows = await db
        .selectFrom('store')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .orderBy('name')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ id: Number(r.id), name: r.name }));
    },

    async storeCount(companyId: number): Promise<number> {
      const row = await db
        .selectFrom('store')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', companyId)
        .executeTakeFirst();
      return num(row?.n);
    },

    /** Every store's month by department x destination. */
    async monthRows(companyId: number, month: string) {
      const rows = await rollup(companyId)
        .select(['m.department_id', 'm.destination_id'])
        .where('m.month', '=', day(month))
        .groupBy(['m.store_id', 'm.department_id', 'm.destination_id'])
        .orderBy('m.store_id')
        .orderBy('m.department_id')
        .orderBy('m.destination_id')
        .execute();
      return rows.map((r) => ({
        store_id: num(r.store_id),
        department_id: num(r.department_id),
        destination_id: num(r.destination_id),
        ...sums(r),
      }));
    },

    /** Every store's months from..to (first days, inclusive). */
    async ytdRows(companyId: number, from: string, to: string) {
      const rows = await rollup(companyId)
        .select(sql<string>`to_char(m.month, 'YYYY-MM-DD')`.as('month'))
        .where('m.month', '>=', day(from))
        .where('m.month', '<=', day(to))
        .groupBy(['m.store_id', 'm.month'])
        .orderBy('m.store_id')
        .orderBy('m.month')
        .execute();
      return rows.map((r) => ({ store_id: num(r.store_id), month: String(r.month), ...sums(r) }));
    },
  };
}
export type CompanyReportRepository = ReturnType<typeof createCompanyReportRepository>;
