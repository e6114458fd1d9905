import { formatDateTime, type FlowStep } from '@openrescue/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { insertNumberedJob } from '../jobs/job-rows.repository.js';
import { loadImpactFactors } from '../retail/bulkscan.repository.js';
import { createImpactCalculator } from '../retail/impact-calculator.js';
import { checkScan, type CheckContext, type ScanToCheck } from './flows.checks.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Rows one step handles in one transaction. */
export const FLOW_BATCH = 500;

/** A step's work: what is left, and one batch of it (in the caller's transaction); 0 means nothing was left. */
export interface FlowStepWork {
  pending(db: Db): Promise<number>;
  batch(trx: Transaction<DB>, job: { id: string; name: string }): Promise<{ processed: number; problems: number }>;
}

/** Batches of one step never run at the same time (two jobs, or two processes on PostgreSQL). */
async function lockStep(trx: Transaction<DB>, step: FlowStep) {
  await sql`select pg_advisory_xact_lock(hashtext(${`openrescue_flow_${step}`}))`.execute(trx);
}

const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** 'Save-On-Foods Armstrong → Enderby Food Bank, Nov 3, 2026, 9:15 AM PST': a scan as the Logs screen names it. */
function scanWhere(s: ScanToCheck, c: Pick<CheckContext, 'stores' | 'receivers'>): string {
  const store = c.stores.get(s.store_id) ?? `unknown store ${s.store_id}`;
  const receiver = c.receivers.get(s.receiver_id) ?? `unknown receiver ${s.receiver_id}`;
  return `${store} → ${receiver}, ${formatDateTime(s.entry_time, { zone: true })}`;
}

// ---- loadBulkScanToQa ----

/** Scans the flows load: not entered in the console (donation_id is null) and not in the QA table yet. */
const unloaded = sql`b.donation_id is null and not exists (select 1 from bulk_scan_qa q where q.bulk_scan_id = b.id)`;

const loadBulkScanToQa: FlowStepWork = {
  async pending(db) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from bulk_scan b where ${unloaded}`.execute(db);
    return Number(rows[0].n);
  },
  async batch(trx, job) {
    await lockStep(trx, 'loadBulkScanToQa');
    const { rows: raw } = await sql<Record<string, unknown>>`
      select b.id, b.store_id, b.receiver_id, b.reason_id, b.destination_id, b.department_id, b.weight_kg, b.entry_time, b.email,
        (select min(o.id) from bulk_scan o where o.store_id = b.store_id and o.receiver_id = b.receiver_id
          and o.entry_time = b.entry_time and o.id < b.id and o.department_id is not distinct from b.department_id
          and o.weight_kg is not distinct from b.weight_kg and o.reason_id is not distinct from b.reason_id) as duplicate_of
      from bulk_scan b where ${unloaded} order by b.id limit ${FLOW_BATCH}`.execute(trx);
    if (!raw.length) return { processed: 0, problems: 0 };
    const scans: (ScanToCheck & { email: string | null })[] = raw.map((r) => ({
      id: Number(r.id),
      store_id: Number(r.store_id),
      receiver_id: Number(r.receiver_id),
      reason_id: num(r.reason_id),
      destination_id: Number(r.destination_id),
      department_id: num(r.department_id),
      weight_kg: num(r.weight_kg),
      entry_time: iso(r.entry_time as string),
      duplicate_of: num(r.duplicate_of),
      email: (r.email as string | null) ?? null,
    }));
    const storeIds = [...new Set(scans.map((s) => s.store_id))];
    const receiverIds = [...new Set(scans.map((s) => s.receiver_id))];
    const weighed = scans.filter((s) => s.weight_kg !== null && s.department_id !== null);
    const pairs = [...new Set(weighed.map((s) => `${s.store_id}:${s.department_id}`))].map((k) =>
      k.split(':').map(Number),
    );
    const [stores, receivers, links, history, factors] = await Promise.all([
      trx.selectFrom('store').select(['id', 'name']).where('id', 'in', storeIds).execute(),
      trx.selectFrom('receiver').select(['id', 'name']).where('id', 'in', receiverIds).execute(),
      trx
        .selectFrom('store_receiver')
        .select(['store_id', 'receiver_id'])
        .where('store_id', 'in', storeIds)
        .where('receiver_id', 'in', receiverIds)
        .execute(),
      pairs.length
        ? sql<{ store_id: number; department_id: number; n: number; p95: string }>`
            select d.store_id, d.department_id, count(*)::int as n,
              percentile_cont(0.95) within group (order by d.weight_kg)::text as p95
            from donation d join (values ${sql.join(pairs.map(([s, dep]) => sql`(${s}::int, ${dep}::smallint)`))}) as p (store_id, department_id)
              on d.store_id = p.store_id and d.department_id = p.department_id
            group by 1, 2`
            .execute(trx)
            .then((r) => r.rows)
        : Promise.resolve([]),
      loadImpactFactors(trx),
    ]);
    const impactOf = createImpactCalculator(factors);
    const context = {
      stores: new Map(stores.map((s) => [Number(s.id), s.name])),
      receivers: new Map(receivers.map((r) => [Number(r.id), r.name])),
      links: new Set(links.map((l) => `${l.store_id}:${l.receiver_id}`)),
      history: new Map(
        history.map((h) => [`${h.store_id}:${h.department_id}`, { count: Number(h.n), p95: Number(h.p95) }]),
      ),
      factorDay: (s: ScanToCheck) => {
        const { day, impact } = impactOf(s.destination_id, s.department_id!, s.weight_kg!, s.entry_time);
        return { day, found: impact !== null };
      },
    };
    const checked = scans.map((s) => ({ scan: s, problem: checkScan(s, context) }));
    const inserted = await trx
      .insertInto('bulk_scan_qa')
      .values(
        checked.map(({ scan: s, problem }) => ({
          bulk_scan_id: s.id,
          receiver_id: s.receiver_id,
          store_id: s.store_id,
          reason_id: s.reason_id,
          destination_id: s.destination_id,
          department_id: s.department_id,
          weight_kg: s.weight_kg,
          entry_time: s.entry_time,
          email: s.email,
          check_status: problem ? ('problem' as const) : ('clean' as const),
          problem,
          job_id: job.id,
          checked_at: sql`now()`,
        })),
      )
      .onConflict((oc) => oc.column('bulk_scan_id').doNothing())
      .returning(['id', 'bulk_scan_id', 'problem'])
      .execute();
    const flagged = inserted.filter((r) => r.problem);
    if (flagged.length) {
      const byScan = new Map(scans.map((s) => [s.id, s]));
      await trx
        .insertInto('custom_debug_log')
        .values(
          flagged.map((r) => {
            const s = byScan.get(Number(r.bulk_scan_id))!;
            return {
              target: job.name,
              error: `Bulk scan ${s.id} (${scanWhere(s, context)}): ${r.problem}`,
              detail: JSON.stringify({ bulk_scan_id: s.id, bulk_scan_qa_id: Number(r.id), problem: r.problem }),
              job_id: job.id,
            };
          }),
        )
        .execute();
    }
    return { processed: scans.length, problems: flagged.length };
  },
};

// ---- loadBulkScanQaToAdjScan ----

/** Clean weight rows without an adjusted scan (no-pickup records have no weight and are not donations). */
const cleanWeights = sql`q.check_status = 'clean' and q.weight_kg > 0 and q.department_id is not null
  and not exists (select 1 from adjusted_scan a where a.bulk_scan_qa_id = q.id)`;

const loadBulkScanQaToAdjScan: FlowStepWork = {
  async pending(db) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from bulk_scan_qa q join store s on s.id = q.store_id
      where ${cleanWeights}`.execute(db);
    return Number(rows[0].n);
  },
  async batch(trx, job) {
    await lockStep(trx, 'loadBulkScanQaToAdjScan');
    const { rows } = await sql<{ id: string }>`
      insert into adjusted_scan (bulk_scan_qa_id, bulk_scan_id, company_id, store_id, receiver_id, department_id,
        destination_id, weight_kg, entry_time, job_id)
      select q.id, q.bulk_scan_id, s.company_id, q.store_id, q.receiver_id, q.department_id, q.destination_id,
        q.weight_kg, q.entry_time, ${job.id}
      from bulk_scan_qa q join store s on s.id = q.store_id
      where ${cleanWeights}
      order by q.id limit ${FLOW_BATCH}
      on conflict (bulk_scan_qa_id) do nothing
      returning id`.execute(trx);
    return { processed: rows.length, problems: 0 };
  },
};

// ---- migrateAdjScanToDonation ----

const unmigrated = sql`not exists (select 1 from donation d where d.adjusted_scan_id = a.id)`;

/** An adjusted scan for which no impact factor applies: the step stops (the factor table needs a row). */
export class MissingImpactFactorError extends Error {}

const migrateAdjScanToDonation: FlowStepWork = {
  async pending(db) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from adjusted_scan a where ${unmigrated}`.execute(db);
    return Number(rows[0].n);
  },
  async batch(trx) {
    await lockStep(trx, 'migrateAdjScanToDonation');
    const { rows } = await sql<Record<string, unknown>>`
      select a.id, a.company_id, a.store_id, a.receiver_id, a.department_id, a.destination_id, a.weight_kg, a.entry_time
      from adjusted_scan a where ${unmigrated} order by a.id limit ${FLOW_BATCH}`.execute(trx);
    if (!rows.length) return { processed: 0, problems: 0 };
    const impactOf = createImpactCalculator(await loadImpactFactors(trx));
    const donations = rows.map((r) => {
      const weight = Number(r.weight_kg);
      const { day, impact } = impactOf(
        Number(r.destination_id),
        Number(r.department_id),
        weight,
        iso(r.entry_time as string),
      );
      if (!impact) throw new MissingImpactFactorError(`Adjusted scan ${r.id}: no impact factor applies on ${day}`);
      return {
        entry_time: iso(r.entry_time as string),
        destination_id: Number(r.destination_id),
        company_id: Number(r.company_id),
        store_id: Number(r.store_id),
        receiver_id: Number(r.receiver_id),
        department_id: Number(r.department_id),
        weight_kg: weight,
        ...impact,
        source: 'scan' as const,
        adjusted_scan_id: Number(r.id),
      };
    });
    // One statement: the rollup triggers add the whole batch at once.
    const inserted = await trx
      .insertInto('donation')
      .values(donations)
      .onConflict((oc) => oc.column('adjusted_scan_id').where('adjusted_scan_id', 'is not', null).doNothing())
      .returning('adjusted_scan_id')
      .execute();
    await trx
      .updateTable('adjusted_scan')
      .set({ migrated_at: sql`now()` })
      .where(
        'id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .where('migrated_at', 'is', null)
      .execute();
    return { processed: inserted.length, problems: 0 };
  },
};

// ---- preloadDonation ----

/** Months (America/Vancouver) that hold donations made by the flows, oldest first. */
async function flowMonths(db: Db): Promise<string[]> {
  const { rows } = await sql<{ month: string }>`
    select distinct to_char(date_trunc('month', d.entry_time at time zone 'America/Vancouver'), 'YYYY-MM-DD') as month
    from donation d where d.adjusted_scan_id is not null order by 1`.execute(db);
  return rows.map((r) => r.month);
}

/**
 * Rebuilds every rollup (refresh_rollups, migration 006) for one month per batch, oldest first; the months done are
 * remembered for the run, so a resumed run does them all again (a rebuild is idempotent).
 */
function preloadDonation(): FlowStepWork {
  let done: Set<string> | null = null;
  return {
    async pending(db) {
      done = new Set();
      return (await flowMonths(db)).length;
    },
    async batch(trx) {
      await lockStep(trx, 'preloadDonation');
      const month = (await flowMonths(trx)).find((m) => !done!.has(m));
      if (!month) return { processed: 0, problems: 0 };
      await sql`select refresh_rollups(${month}::date, ${month}::date)`.execute(trx);
      done!.add(month);
      return { processed: 1, problems: 0 };
    },
  };
}

/** The work of one step, fresh for one run. */
export function flowStepWork(step: FlowStep): FlowStepWork {
  switch (step) {
    case 'loadBulkScanToQa':
      return loadBulkScanToQa;
    case 'loadBulkScanQaToAdjScan':
      return loadBulkScanQaToAdjScan;
    case 'migrateAdjScanToDonation':
      return migrateAdjScanToDonation;
    case 'preloadDonation':
      return preloadDonation();
  }
}

/**
 * A new run of a flow: the job row flow_{id}_{n}, n one more than the runs of that name so far (in the caller's
 * transaction; the one-active-job-per-name index refuses a second active run). Returns its id.
 */
export const insertFlowJob = (trx: Transaction<DB>, name: string, payload: object, userId: string | null) =>
  insertNumberedJob(trx, { name, kind: 'flow', payload, createdBy: userId });
