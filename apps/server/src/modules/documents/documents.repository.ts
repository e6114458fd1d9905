import { REPORT_TIME_ZONE } from '@openrescue/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.js';

/** Which donations a report covers: one store's, or one receiver's (optionally only from a company or store). */
export interface ReportScope {
  storeId?: number;
  receiverId?: number;
  companyId?: number;
}

export interface SumRow {
  weight_kg: number;
  meals_provided: number;
  co2_emissions_kg: number;
  money_saved: number;
  donation_count: number;
}

export interface RawDbRow {
  entry_time: string;
  from_company: string;
  from_store: string;
  department_id: number;
  destination_id: number;
  weight_kg: number;
}

const num = (v: unknown) => Number(v ?? 0);
/** A 'YYYY-MM-DD' calendar date as a SQL date (no time zone involved). */
const day = (d: string) => sql<Date>`${d}::date`;
const toSums = (r: Record<string, unknown>): SumRow => ({
  weight_kg: num(r.weight_kg),
  meals_provided: num(r.meals_provided),
  co2_emissions_kg: num(r.co2_emissions_kg),
  money_saved: num(r.money_saved),
  donation_count: num(r.donation_count),
});

/** Totals come from the monthly rollup (never a scan of donation); raw rows from donation by its indexes. */
export function createDocumentsRepository(db: Kysely<DB>) {
  function rollup(scope: ReportScope) {
    let q = db.selectFrom('donation_monthly as m');
    if (scope.storeId !== undefined) q = q.where('m.store_id', '=', scope.storeId);
    if (scope.receiverId !== undefined) q = q.where('m.receiver_id', '=', scope.receiverId);
    if (scope.companyId !== undefined) q = q.where('m.company_id', '=', scope.companyId);
    return q.select((eb) => [
      eb.fn.sum<number>('m.weight_kg').as('weight_kg'),
      eb.fn.sum<number>('m.meals_provided').as('meals_provided'),
      eb.fn.sum<number>('m.co2_emissions_kg').as('co2_emissions_kg'),
      eb.fn.sum<number>('m.money_saved').as('money_saved'),
      eb.fn.sum<number>('m.donation_count').as('donation_count'),
    ]);
  }

  return {
    /** One month by department x destination. */
    async monthByDepartmentDestination(scope: ReportScope, month: string) {
      const rows = await rollup(scope)
        .select(['m.department_id', 'm.destination_id'])
        .where('m.month', '=', day(month))
        .groupBy(['m.department_id', 'm.destination_id'])
        .orderBy('m.department_id')
        .orderBy('m.destination_id')
        .execute();
      return rows.map((r) => ({
        department_id: num(r.department_id),
        destination_id: num(r.destination_id),
        ...toSums(r),
      }));
    },

    /** Months from..to (first days, inclusive), one row per month that has donations. */
    async byMonth(scope: ReportScope, from: string, to: string) {
      const rows = await rollup(scope)
        .select(sql<string>`to_char(m.month, 'YYYY-MM-DD')`.as('month'))
        .where('m.month', '>=', day(from))
        .where('m.month', '<=', day(to))
        .groupBy('m.month')
        .orderBy('m.month')
        .execute();
      return rows.map((r) => ({ month: String(r.month), ...toSums(r) }));
    },

    /** Totals over months from..to (first days, inclusive). */
    async total(scope: ReportScope, from: string, to: string): Promise<SumRow> {
      const row = await rollup(scope)
        .where('m.month', '>=', day(from))
        .where('m.month', '<=', day(to))
        .executeTakeFirst();
      return toSums(row ?? {});
    },

    /** The month's donations, oldest first, entry_time as America/Vancouver wall-clock text. */
    async rawRows(scope: ReportScope, month: string, limit: number): Promise<RawDbRow[]> {
      let q = db
        .selectFrom('donation as d')
        .innerJoin('store as s', 's.id', 'd.store_id')
        .innerJoin('company as c', 'c.id', 'd.company_id')
        .select([
          sql<string>`to_char(d.entry_time at time zone ${REPORT_TIME_ZONE}, 'YYYY-MM-DD HH24:MI:SS')`.as('entry_time'),
          'c.name as from_company',
          's.name as from_store',
          'd.department_id',
          'd.destination_id',
          'd.weight_kg',
        ])
        .where('d.entry_time', '>=', sql<Date>`(${month}::date::timestamp at time zone ${REPORT_TIME_ZONE})`)
        .where(
          'd.entry_time',
          '<',
          sql<Date>`((${month}::date + interval '1 month')::timestamp at time zone ${REPORT_TIME_ZONE})`,
        );
      if (scope.storeId !== undefined) q = q.where('d.store_id', '=', scope.storeId);
      if (scope.receiverId !== undefined) q = q.where('d.receiver_id', '=', scope.receiverId);
      if (scope.companyId !== undefined) q = q.where('d.company_id', '=', scope.companyId);
      const rows = await q.orderBy('d.entry_time').orderBy('d.id').limit(limit).execute();
      return rows.map((r) => ({
        ...r,
        department_id: num(r.department_id),
        destination_id: num(r.destination_id),
        weight_kg: num(r.weight_kg),
      }));
    },

    /**
     * The America/Vancouver day of a store's first recorded donation up to the end of `month` (a poster's "since"
     * date, decision 0058), or null when it has none by then. One index probe (store_id, entry_time).
     */
    async firstDonationDay(storeId: number, month: string): Promise<string | null> {
      const row = await db
        .selectFrom('donation as d')
        .select(sql<string | null>`to_char(min(d.entry_time) at time zone ${REPORT_TIME_ZONE}, 'YYYY-MM-DD')`.as('day'))
        .where('d.store_id', '=', storeId)
        .where(
          'd.entry_time',
          '<',
          sql<Date>`((${month}::date + interval '1 month')::timestamp at time zone ${REPORT_TIME_ZONE})`,
        )
        .executeTakeFirst();
      return row?.day ?? null;
    },

    /** The impact factor version in effect at the end of the report's month. */
    async factorVersion(monthEnd: string): Promise<number> {
      const row = await db
        .selectFrom('impact_factor')
        .select((eb) => eb.fn.max('version').as('version'))
        .where('effective_from', '<=', day(monthEnd))
        .executeTakeFirst();
      return num(row?.version) || 1;
    },

    /** receivers__count and receivers__nr_supported_charities__sum of a store (poster N). */
    async supportedCounts(storeId: number) {
      const row = await db
        .selectFrom('store_receiver as sr')
        .innerJoin('receiver as r', 'r.id', 'sr.receiver_id')
        .select((eb) => [
          eb.fn.countAll<number>().as('receivers_count'),
          eb.fn.sum<number>('r.nr_supported_charities').as('supported_sum'),
        ])
        .where('sr.store_id', '=', storeId)
        .executeTakeFirst();
      return { receiversCount: num(row?.receivers_count), supportedSum: num(row?.supported_sum) };
    },
  };
}

export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;

/** A store's company name and its start date (the subject of its report and poster). */
export const storeCompanyAndStart = (db: Kysely<DB>, storeId: number) =>
  db
    .selectFrom('store as s')
    .innerJoin('company as c', 'c.id', 's.company_id')
    .select(['c.name as company', 's.start_date'])
    .where('s.id', '=', storeId)
    .executeTakeFirstOrThrow();

export async function companyName(db: Kysely<DB>, companyId: number): Promise<string | null> {
  const row = await db.selectFrom('company').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? null;
}

export async function storeName(db: Kysely<DB>, storeId: number): Promise<string | null> {
  const row = await db.selectFrom('store').select('name').where('id', '=', storeId).executeTakeFirst();
  return row?.name ?? null;
}
