import { sql, type Kysely } from 'kysely';
import {
  computeImpactFromGrams,
  pickImpactFactor,
  prepareFactor,
  type ImpactFactor,
  type ImpactMetrics,
  type PreparedFactor,
} from '@openrescue/shared';
import type { DB } from '../schema.js';
import { insertUnnest, withIndexesDeferred, type UnnestColumn } from './bulk-load.js';
import { dayToIso, localTimeToUtcMs, weekday, yearsBefore } from './calendar.js';
import { DEPARTMENT_MEDIAN_KG, DEPARTMENT_MIX } from './catalog.js';
import { DEMO_REPORT_STORE_ID } from './company-users.js';
import type { DemoNetwork } from './network.js';
import { createRng } from './prng.js';

/** Scheduled pickups, in time order. A pickup is one visit; it yields one donation row per weighed bin. */
export interface PickupPlan {
  windowStartDay: number;
  windowEndDay: number;
  day: Int32Array;
  link: Int32Array;
  second: Int32Array;
  rows: Int32Array;
  /** Scheduled (link, day) pairs of the last 12 months without a pickup: the no-pickup list. */
  missed: { day: number; link: number }[];
}

// The store the demo's store account reports on never looks abandoned: its lead receiver's scheduled pickups of the
// last five weeks all happen. Otherwise a small demo (a few thousand donations) can leave it a fortnight without one,
// and that account's default two-week dashboard shows nothing.
const SHOWCASE_DAYS = 35;

const SEASON = [1, 0.95, 1, 1, 1.02, 1.05, 1.08, 1.06, 1.02, 1.05, 1.1, 1.25];

/** Decides which scheduled pickups happened over the three years before `todayDay`, and how many rows each gave. */
export function planPickups(network: DemoNetwork, donations: number, seed: number, todayDay: number): PickupPlan {
  const rng = createRng(seed, 'pickups');
  const windowStartDay = yearsBefore(todayDay, 3);
  const windowEndDay = todayDay - 1;
  const { links } = network;
  let scheduled = 0;
  for (let day = windowStartDay; day <= windowEndDay; day++) {
    const wd = weekday(day);
    for (const l of links) if (l.startDay <= day && l.days[wd]) scheduled++;
  }
  // About three weighed bins per pickup at small sizes; at large sizes nearly every scheduled pickup happens.
  const pServe = scheduled === 0 ? 0 : Math.min(0.93, donations / (3 * scheduled));
  const recentStart = windowEndDay - 364;
  const showcaseStart = windowEndDay - SHOWCASE_DAYS + 1;
  // Its own stream: the other pickups are drawn exactly as without it.
  const showcaseRng = createRng(seed, 'showcase-pickups');
  const days: number[] = [];
  const linkIdx: number[] = [];
  const seconds: number[] = [];
  const weights: number[] = [];
  const missed: { day: number; link: number }[] = [];
  let last: { day: number; link: number } | null = null;
  const span = Math.max(1, windowEndDay - windowStartDay);
  for (let day = windowStartDay; day <= windowEndDay; day++) {
    const wd = weekday(day);
    const growth = 0.65 + (0.7 * (day - windowStartDay)) / span;
    const season = SEASON[new Date(day * 86_400_000).getUTCMonth()];
    const today: { link: number; second: number; weight: number }[] = [];
    links.forEach((l, li) => {
      if (l.startDay > day || !l.days[wd]) return;
      last = { day, link: li };
      const showcase = day >= showcaseStart && l.isLead && l.storeId === DEMO_REPORT_STORE_ID;
      if (rng.next() < pServe) {
        const second = 7 * 3600 + rng.int(0, 8 * 3600);
        today.push({ link: li, second, weight: l.weight * growth * season * (0.6 + 0.8 * rng.next()) });
      } else if (showcase) {
        const second = 7 * 3600 + showcaseRng.int(0, 8 * 3600);
        today.push({ link: li, second, weight: l.weight * growth * season * (0.6 + 0.8 * showcaseRng.next()) });
      } else if (day >= recentStart) {
        missed.push({ day, link: li });
      }
    });
    today.sort((a, b) => a.second - b.second || a.link - b.link);
    for (const p of today) {
      days.push(day);
      linkIdx.push(p.link);
      seconds.push(p.second);
      weights.push(p.weight);
    }
  }
  if (days.length === 0 && donations > 0 && last) {
    const { day, link } = last as { day: number; link: number };
    days.push(day);
    linkIdx.push(link);
    seconds.push(10 * 3600);
    weights.push(1);
  }
  // Rows per pickup proportional to its weight, summing exactly to `donations`.
  const rows = new Int32Array(days.length);
  const total = weights.reduce((a, b) => a + b, 0);
  let cumulative = 0;
  let assigned = 0;
  for (let i = 0; i < rows.length; i++) {
    cumulative += weights[i];
    const upTo = i === rows.length - 1 ? donations : Math.min(donations, Math.floor((donations * cumulative) / total));
    rows[i] = upTo - assigned;
    assigned = upTo;
  }
  return {
    windowStartDay,
    windowEndDay,
    day: Int32Array.from(days),
    link: Int32Array.from(linkIdx),
    second: Int32Array.from(seconds),
    rows,
    missed,
  };
}

const COLUMNS: UnnestColumn[] = [
  { name: 'id', type: 'bigint' },
  { name: 'entry_time', type: 'float8', expr: 'to_timestamp(u.entry_time)' },
  { name: 'destination_id', type: 'smallint' },
  { name: 'company_id', type: 'int' },
  { name: 'store_id', type: 'int' },
  { name: 'receiver_id', type: 'int' },
  { name: 'department_id', type: 'smallint' },
  { name: 'weight_kg', type: 'numeric' },
  { name: 'meals_provided', type: 'numeric' },
  { name: 'food_rescued_kg', type: 'numeric' },
  { name: 'co2_emissions_kg', type: 'numeric' },
  { name: 'money_saved', type: 'numeric' },
  { name: 'impact_factor_version', type: 'int' },
];

/** Impact factors of the database, looked up by destination, department and day, with memoised metrics. */
function factorLookup(factors: ImpactFactor[]) {
  const prepared = new Map<ImpactFactor, PreparedFactor & { cache: Map<number, ImpactMetrics> }>();
  const byKey = new Map<string, PreparedFactor & { cache: Map<number, ImpactMetrics> }>();
  const starts = [...new Set(factors.map((f) => f.effectiveFrom))].sort();
  return (destinationId: number, departmentId: number, day: number) => {
    const iso = dayToIso(day);
    let segment = 0;
    while (segment < starts.length && starts[segment] <= iso) segment++;
    const key = `${destinationId}:${departmentId}:${segment}`;
    let entry = byKey.get(key);
    if (!entry) {
      const factor = pickImpactFactor(factors, destinationId, departmentId, iso);
      if (!factor) {
        throw new Error(`No impact factor for destination ${destinationId}, department ${departmentId} on ${iso}`);
      }
      entry = prepared.get(factor) ?? { ...prepareFactor(factor), cache: new Map() };
      prepared.set(factor, entry);
      byKey.set(key, entry);
    }
    return entry;
  };
}

export async function loadImpactFactors(db: Kysely<DB>): Promise<ImpactFactor[]> {
  const rows = await sql<{
    version: number;
    destination_id: number;
    department_id: number | null;
    meals: string;
    co2e: string;
    money: string;
    effective_from: string;
  }>`select version, destination_id, department_id, meals_per_kg::text as meals, co2e_per_kg::text as co2e,
      money_per_kg::text as money, effective_from::text as effective_from from impact_factor`.execute(db);
  return rows.rows.map((r) => ({
    version: Number(r.version),
    destinationId: Number(r.destination_id),
    departmentId: r.department_id === null ? null : Number(r.department_id),
    mealsPerKg: r.meals,
    co2ePerKg: r.co2e,
    moneyPerKg: r.money,
    effectiveFrom: r.effective_from,
  }));
}

/**
 * Generates and inserts the donation rows of a plan in batches; ids are 1..n in time order. Run it inside a
 * transaction: the table's secondary indexes and foreign keys are dropped for the load and rebuilt after it.
 */
export async function insertDonations(
  db: Kysely<DB>,
  network: DemoNetwork,
  plan: PickupPlan,
  factors: ImpactFactor[],
  seed: number,
  batchSize = 50_000,
): Promise<number> {
  const rng = createRng(seed, 'donation-rows');
  const lookup = factorLookup(factors);
  const mixes = Object.fromEntries(
    Object.entries(DEPARTMENT_MIX).map(([k, mix]) => {
      let acc = 0;
      return [k, mix.map((share) => (acc += share))];
    }),
  ) as Record<string, number[]>;
  let batch: unknown[][] = COLUMNS.map(() => []);
  let id = 0;
  const flush = async (trx: Kysely<DB>) => {
    if (batch[0].length === 0) return;
    await insertUnnest(trx, 'donation', COLUMNS, batch, {
      source: sql`'scan'`,
      created_at: sql`to_timestamp(u.entry_time) + interval '4 minutes'`,
    });
    batch = COLUMNS.map(() => []);
  };
  await withIndexesDeferred(db, 'donation', async () => {
    for (let p = 0; p < plan.day.length; p++) {
      const link = network.links[plan.link[p]];
      const cumulative = mixes[link.kind];
      const day = plan.day[p];
      for (let j = 0; j < plan.rows[p]; j++) {
        const x = rng.next() * cumulative[cumulative.length - 1];
        let dept = 0;
        while (dept < cumulative.length - 1 && x >= cumulative[dept]) dept++;
        const kg = Math.min(250, Math.max(0.2, DEPARTMENT_MEDIAN_KG[dept] * Math.exp(0.55 * rng.normal())));
        const grams = Math.round(kg * 100) * 10;
        const factor = lookup(link.destinationId, dept + 1, day);
        let metrics = factor.cache.get(grams);
        if (!metrics) {
          metrics = computeImpactFromGrams(grams, factor);
          factor.cache.set(grams, metrics);
        }
        const row = [
          ++id,
          localTimeToUtcMs(day, plan.second[p] + j * 45) / 1000,
          link.destinationId,
          link.companyId,
          link.storeId,
          link.receiverId,
          dept + 1,
          metrics.food_rescued_kg,
          metrics.meals_provided,
          metrics.food_rescued_kg,
          metrics.co2_emissions_kg,
          metrics.money_saved,
          factor.factor.version,
        ];
        for (let c = 0; c < row.length; c++) batch[c].push(row[c]);
        if (batch[0].length >= batchSize) await flush(db);
      }
    }
    await flush(db);
  });
  return id;
}
