import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../db/connection.js';
import type { View } from './authorization-fixture.js';

/**
 * The references the lists and totals are held to: plain SQL over the rows a principal may see, written from
 * section 6's words (all rows; a company's stores; one store; one receiver; a charity user's receivers), independent
 * of the reports policy.
 */
const receiversOf = (view: { receiverId: number } | { receiverIds: number[] }) =>
  'receiverId' in view ? [view.receiverId] : view.receiverIds;

function donationsSeen(view: View): RawBuilder<unknown> {
  if ('all' in view) return sql`true`;
  if ('companyId' in view) return sql`d.store_id in (select id from store where company_id = ${view.companyId})`;
  if ('storeId' in view) return sql`d.store_id = ${view.storeId}`;
  return sql`d.receiver_id = any(${receiversOf(view)}::int[])`;
}

function storesSeen(view: View): RawBuilder<unknown> {
  if ('all' in view) return sql`true`;
  if ('companyId' in view) return sql`s.company_id = ${view.companyId}`;
  if ('storeId' in view) return sql`s.id = ${view.storeId}`;
  return sql`s.id in (select store_id from store_receiver where receiver_id = any(${receiversOf(view)}::int[]))`;
}

/** The dashboard's chart: per month (America/Vancouver) the sums of every metric; money saved for staff only. */
export async function monthlyTotals(db: Database['db'], view: View) {
  const { rows } = await sql<Record<string, string>>`select
      to_char(date_trunc('month', d.entry_time at time zone 'America/Vancouver'), 'YYYY-MM-DD') as date,
      sum(d.weight_kg)::text as weight_kg__sum, sum(d.meals_provided)::text as meals_provided__sum,
      sum(d.food_rescued_kg)::text as food_rescued_kg__sum, sum(d.co2_emissions_kg)::text as co2_emissions_kg__sum,
      sum(d.money_saved)::text as money_saved__sum
    from donation d where ${donationsSeen(view)} group by 1 order by 1`.execute(db);
  return rows.map((r) => {
    const row: Record<string, string | number> = Object.fromEntries(
      Object.entries(r).map(([k, v]) => [k, k === 'date' ? v : Number(v)]),
    );
    if (!('all' in view)) delete row.money_saved__sum;
    return row;
  });
}

export async function donationIds(db: Database['db'], view: View): Promise<number[]> {
  const { rows } = await sql<{
    id: number;
  }>`select d.id from donation d where ${donationsSeen(view)} order by d.id`.execute(db);
  return rows.map((r) => Number(r.id));
}

export async function storeIds(db: Database['db'], view: View): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select s.id from store s where ${storesSeen(view)} order by s.id`.execute(
    db,
  );
  return rows.map((r) => Number(r.id));
}

/** Receivers served by a store the principal sees (section 6: a company user's receivers are its stores'). */
export async function receiverIds(db: Database['db'], view: View): Promise<number[]> {
  // A charity user sees its own receivers, not the others its donors give to.
  if ('receiverIds' in view || 'receiverId' in view) return [...receiversOf(view)].sort((a, b) => a - b);
  const { rows } =
    'all' in view
      ? await sql<{ id: number }>`select id from receiver order by id`.execute(db)
      : await sql<{
          id: number;
        }>`select r.id from receiver r where exists (select 1 from store_receiver sr join store s on s.id = sr.store_id
        where sr.receiver_id = r.id and ${storesSeen(view)}) order by r.id`.execute(db);
  return rows.map((r) => Number(r.id));
}

export async function companyIds(db: Database['db'], view: View): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`select distinct c.id from company c
    ${'all' in view ? sql`` : sql`join store s on s.company_id = c.id where ${storesSeen(view)}`} order by c.id`.execute(
    db,
  );
  return rows.map((r) => Number(r.id));
}

/** One receiver's donations in one month (America/Vancouver), of the rows the principal may see. */
export async function receiverMonth(db: Database['db'], view: View, receiverId: number, month: string) {
  const { rows } = await sql<{
    count: string;
    weight: string;
  }>`select count(*)::text as count, coalesce(sum(d.weight_kg), 0)::text as weight
    from donation d where d.receiver_id = ${receiverId} and ${donationsSeen(view)}
      and date_trunc('month', d.entry_time at time zone 'America/Vancouver') = ${month}::date`.execute(db);
  return { count: Number(rows[0].count), weight: Number(rows[0].weight) };
}

/** The stores a receiver is served by now (links not ended before today) that the principal sees: its store_set. */
export async function servingStoreIds(db: Database['db'], view: View, receiverId: number): Promise<number[]> {
  const { rows } = await sql<{
    id: number;
  }>`select distinct s.id from store s join store_receiver sr on sr.store_id = s.id
    where sr.receiver_id = ${receiverId} and (sr.ended_on is null or sr.ended_on >= (now() at time zone 'America/Vancouver')::date)
      and ${storesSeen(view)} order by s.id`.execute(db);
  return rows.map((r) => Number(r.id));
}
