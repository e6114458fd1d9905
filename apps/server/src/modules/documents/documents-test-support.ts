import { sql } from 'kysely';
import { defaultMonth } from '@openrescue/shared';
import { prepareDemo } from '../../demo-setup.js';
import { buildTestApp, signIn, type TestApp } from '../../test-support/test-app.js';

/** Shared set-up of the documents API tests: the demo network, the four demo accounts and a month with data. */
export const PASSWORDS = {
  staff: ['staff@openrescue.test', 'demo-staff'],
  company: ['company@openrescue.test', 'demo-company'],
  store: ['store@openrescue.test', 'demo-store'],
  pending: ['pending@openrescue.test', 'demo-pending'],
} as const;
export type Who = keyof typeof PASSWORDS;

export interface DocumentsFixture {
  t: TestApp;
  tokens: Record<Who, string>;
  /** The latest month up to last month in which store 1 has donations. */
  month: string;
  get(who: Who | null, url: string): Promise<Awaited<ReturnType<TestApp['app']['inject']>>>;
}

export async function setUpDocuments(donations = 6000): Promise<DocumentsFixture> {
  const t = await buildTestApp();
  await prepareDemo(t.ctx, donations, () => {});
  const tokens = {} as Record<Who, string>;
  for (const who of Object.keys(PASSWORDS) as Who[]) {
    tokens[who] = (await signIn(t.app, PASSWORDS[who][0], PASSWORDS[who][1])).token;
  }
  const latest = defaultMonth(new Date().toISOString().slice(0, 10));
  const { rows } = await sql<{ month: string }>`select to_char(max(month), 'YYYY-MM-DD') as month from donation_monthly
    where store_id = 1 and month <= ${latest}::date`.execute(t.database.db);
  const month = rows[0]?.month ?? latest;
  return {
    t,
    tokens,
    month,
    get: (who, url) =>
      t.app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${tokens[who]}` } : {} }),
  };
}

export interface SqlSums {
  weight_kg: number;
  meals_provided: number;
  co2_emissions_kg: number;
  money_saved: number;
  n: number;
}

/** Sums straight from the donation table (not the rollup) over one America/Vancouver month. */
export async function rawSums(t: TestApp, month: string, where: { store?: number; receiver?: number; company?: number }) {
  const { rows } = await sql<SqlSums>`select coalesce(sum(weight_kg), 0)::float8 as weight_kg,
      coalesce(sum(meals_provided), 0)::float8 as meals_provided,
      coalesce(sum(co2_emissions_kg), 0)::float8 as co2_emissions_kg,
      coalesce(sum(money_saved), 0)::float8 as money_saved, count(*)::int as n
    from donation
    where entry_time >= (${month}::date::timestamp at time zone 'America/Vancouver')
      and entry_time < ((${month}::date + interval '1 month')::timestamp at time zone 'America/Vancouver')
      and (${where.store ?? null}::int is null or store_id = ${where.store ?? null}::int)
      and (${where.receiver ?? null}::int is null or receiver_id = ${where.receiver ?? null}::int)
      and (${where.company ?? null}::int is null or company_id = ${where.company ?? null}::int)`.execute(t.database.db);
  return rows[0];
}

/** A store of another company than company 1, and a receiver no store of company 1 hands food to. */
export async function foreignIds(t: TestApp) {
  const db = t.database.db;
  const store = await db.selectFrom('store').select('id').where('company_id', '<>', 1).orderBy('id').executeTakeFirstOrThrow();
  const receiver = await db
    .selectFrom('receiver as r')
    .select('r.id')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('store_receiver as sr')
            .innerJoin('store as s', 's.id', 'sr.store_id')
            .select('sr.store_id')
            .whereRef('sr.receiver_id', '=', 'r.id')
            .where('s.company_id', '=', 1),
        ),
      ),
    )
    .orderBy('r.id')
    .executeTakeFirstOrThrow();
  return { storeId: Number(store.id), receiverId: Number(receiver.id) };
}

/** A receiver that store 1 hands food to (the store user may see it) and that has donations in `month`. */
export async function receiverOfStore1(t: TestApp, month: string) {
  const { rows } = await sql<{ receiver_id: number }>`select sr.receiver_id from store_receiver sr
    left join donation_monthly m on m.receiver_id = sr.receiver_id and m.store_id = 1 and m.month = ${month}::date
    where sr.store_id = 1 group by sr.receiver_id order by coalesce(sum(m.donation_count), 0) desc, sr.receiver_id
    limit 1`.execute(t.database.db);
  return Number(rows[0].receiver_id);
}

/** The 404 body of a missing id (999999), as it reads for another id: the policy names the id, nothing else differs. */
export function sameAsMissing(missingBody: { message: string }, id: number) {
  return { ...missingBody, message: missingBody.message.replace('999999', String(id)) };
}
