import { sql, type Kysely } from 'kysely';
import type { Database } from '../connection.js';
import type { DB } from '../schema.js';
import { syncIdentity } from './bulk-load.js';
import { localDayOf, yearsBefore } from './calendar.js';
import { insertDonations, loadImpactFactors, planPickups } from './donations.js';
import { insertFlowScans } from './flow-scans.js';
import { buildNetwork, insertNetwork } from './network.js';
import { DEMO_REGION_SECRET, insertNetworkOrganizations } from './network-organizations.js';
import { insertBulkScans, insertJobsAndLogs, insertPublishing, insertReceiverContacts } from './operations.js';
import { insertTranscripts } from './transcripts.js';

export interface SeedOptions {
  /** Exact number of donation rows. */
  donations: number;
  /** Same seed, size and `now` give the same data. Default 1. */
  seed?: number;
  /** Donations cover the three years before this instant's local day. Default: the current time. */
  now?: Date;
  /** The product name inside the 'Non {product} Network' attribute. Default OpenRescue. */
  productName?: string;
  /** Donation rows per INSERT statement. Default 50,000. */
  batchSize?: number;
}

export interface SeedSummary {
  counts: Record<string, number>;
  /** Milliseconds per phase. */
  timings: Record<string, number>;
}

/** Domain tables in dependency order (reference tables, auth tables and integration keys are not listed). */
export const DOMAIN_TABLES = [
  'company',
  'store',
  'receiver',
  'store_receiver',
  'donation',
  'donation_monthly',
  'company_user',
  'bulk_scan',
  'bulk_scan_qa',
  'adjusted_scan',
  'publish_file',
  'generated_file',
  'jobs',
  'custom_debug_log',
  'receiver_contact',
  'mail_outbox',
  'request_idempotency',
  'network_organization',
  'network_donation',
  'transcript',
] as const;

/** True when no company, donation, network organization or transcript exists yet. */
export async function isDomainEmpty(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ used: boolean }>`select exists (select 1 from company) or exists (select 1 from donation)
    or exists (select 1 from network_organization) or exists (select 1 from transcript) as used`.execute(db);
  return !rows[0].used;
}

/** Empties every domain table (keeps accounts, reference data, regions and integration keys). */
export async function resetDomainData(db: Kysely<DB>): Promise<void> {
  await sql`truncate table ${sql.join(DOMAIN_TABLES.map((t) => sql.id(t)))} restart identity cascade`.execute(db);
}

/**
 * Fills an empty database with the deterministic demo network (DESIGN section 4 "Demo data"): 6 companies,
 * 40 stores and 25 receivers in four BC regions, `donations` donation rows over three years with their monthly
 * rollup, no-pickup records, scanner uploads for the flows, publish files, network organizations, call transcripts
 * and report contacts.
 * Everything is written in one transaction: a failure leaves the database empty.
 */
export async function seedDemoData(db: Kysely<DB>, database: Database, options: SeedOptions): Promise<SeedSummary> {
  const { donations, seed = 1, now = new Date(), productName = 'OpenRescue', batchSize = 50_000 } = options;
  if (!Number.isSafeInteger(donations) || donations < 0) {
    throw new Error(`donations must be a whole number >= 0, got ${donations}`);
  }
  if (!Number.isSafeInteger(seed)) throw new Error(`seed must be a whole number, got ${seed}`);
  if (!(await isDomainEmpty(db))) {
    throw new Error('The database already holds domain data: reset it first (npm run seed -- --reset).');
  }
  const timings: Record<string, number> = {};
  const counts: Record<string, number> = {};
  const timed = async <T>(phase: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      timings[phase] = Math.round(performance.now() - started);
    }
  };

  const todayDay = localDayOf(now);
  const network = buildNetwork(seed, yearsBefore(todayDay, 3));
  const plan = await timed('plan', async () => planPickups(network, donations, seed, todayDay));
  await db.transaction().execute(async (trx) => {
    // Bulk load without the per-statement rollup triggers; refresh_donation_monthly() rebuilds every rollup after.
    await sql`set local openrescue.defer_rollups = 'on'`.execute(trx);
    await timed('network', async () => {
      await insertNetwork(trx, network);
      // Every public network page of the demo opens with the secret 'demo' (issue 6): /public/network/{region}/demo.
      await trx.updateTable('region').set({ secret: DEMO_REGION_SECRET }).execute();
    });
    const factors = await loadImpactFactors(trx);
    counts.donations = await timed('donations', () => insertDonations(trx, network, plan, factors, seed, batchSize));
    counts.donation_monthly = await timed('rollup', async () => {
      const { rows } = await sql<{ n: number }>`select refresh_donation_monthly() as n`.execute(trx);
      return Number(rows[0].n);
    });
    await timed('operations', async () => {
      counts.bulk_scans = await insertBulkScans(trx, network, plan, seed);
      // Scanner uploads the flows have not loaded yet (some with problems); no donation until the flows run.
      counts.flow_scans = await insertFlowScans(trx, network, plan, seed);
      Object.assign(counts, await insertPublishing(trx, network, plan, seed));
      await insertJobsAndLogs(trx, network, plan);
      counts.receiver_contacts = await insertReceiverContacts(trx, network, seed);
    });
    await timed('network_map', async () => {
      Object.assign(counts, await insertNetworkOrganizations(trx, network, factors, todayDay, seed, productName));
      counts.transcripts = await insertTranscripts(trx, network, todayDay, seed);
    });
    for (const table of ['company', 'store', 'receiver', 'donation', 'publish_file'] as const) {
      await syncIdentity(trx, table);
    }
  });
  await timed('analyze', () =>
    database.execScript(
      'analyze donation; analyze donation_monthly; analyze donation_daily; analyze donation_weekly; analyze donation_monthly_company;',
    ),
  );
  counts.companies = network.companies.length;
  counts.stores = network.stores.length;
  counts.receivers = network.receivers.length;
  counts.store_receivers = network.links.length;
  counts.pickups = plan.day.length;
  return { counts, timings };
}
