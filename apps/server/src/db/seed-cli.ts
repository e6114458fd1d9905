/**
 * npm run seed -- [--donations N] [--seed N] [--reset]
 *
 * Opens the database of the environment (DATABASE_URL, else the PGlite folder DATA_DIR, default ./data), applies
 * the migrations and loads the demo network when the domain tables are empty (--reset empties them first).
 * It never starts the HTTP server; stop the server first when it uses the same PGlite folder.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { setReportZoneRules } from '@openrescue/shared';
import { openDatabase, type Database } from './connection.js';
import { isDomainEmpty, resetDomainData, seedDemoData, type SeedSummary } from './demo/index.js';
import { migrate } from './migrate.js';
import { databaseZoneRules } from './zone-rules.js';

export interface SeedCliOptions {
  donations: number;
  seed: number;
  reset: boolean;
}

const USAGE = 'Usage: npm run seed -- [--donations N] [--seed N] [--reset]';

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isSafeInteger(n) || n < min)
    throw new Error(`--${name} must be a whole number >= ${min}, got "${value}"\n${USAGE}`);
  return n;
}

export function parseSeedArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): SeedCliOptions {
  let values: { donations?: string; seed?: string; reset?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { donations: { type: 'string' }, seed: { type: 'string' }, reset: { type: 'boolean', default: false } },
      strict: true,
    }));
  } catch (error) {
    // eslint-disable-next-line preserve-caught-error -- the message carries parseArgs's, followed by the usage
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  return {
    donations: wholeNumber('donations', values.donations, wholeNumber('donations', env.DEMO_DONATIONS, 60_000, 0), 0),
    seed: wholeNumber('seed', values.seed, 1, 0),
    reset: values.reset ?? false,
  };
}

/** Migrates and seeds an open database; null when it already held data and no reset was asked for. */
export async function runSeed(
  database: Database,
  options: SeedCliOptions,
  log: (line: string) => void = console.log,
): Promise<SeedSummary | null> {
  const applied = await migrate(database);
  if (applied.length) log(`Applied migrations: ${applied.join(', ')}`);
  // The demo's days are the database's days, as when the server seeds it (decision 0085).
  setReportZoneRules(await databaseZoneRules(database));
  if (options.reset) {
    await resetDomainData(database.db);
    log('Emptied the domain tables.');
  } else if (!(await isDomainEmpty(database.db))) {
    log('The database already holds domain data; nothing seeded. Use --reset to replace it.');
    return null;
  }
  log(`Seeding ${options.donations.toLocaleString('en-US')} donations (seed ${options.seed}) into ${database.kind}...`);
  const started = performance.now();
  const summary = await seedDemoData(database.db, database, {
    donations: options.donations,
    seed: options.seed,
    productName: process.env.PRODUCT_NAME || undefined,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(`Done in ${seconds} s.`);
  log(
    `  rows:    ${Object.entries(summary.counts)
      .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
      .join(', ')}`,
  );
  log(
    `  phases:  ${Object.entries(summary.timings)
      .map(([k, v]) => `${k} ${(v / 1000).toFixed(1)} s`)
      .join(', ')}`,
  );
  return summary;
}

async function main(): Promise<void> {
  const options = parseSeedArgs(process.argv.slice(2));
  const databaseUrl = process.env.DATABASE_URL || undefined;
  // `npm run seed` runs from apps/server; a relative DATA_DIR means the folder npm was started in, as for `npm start`.
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), process.env.DATA_DIR || './data');
  console.log(databaseUrl ? 'Database: PostgreSQL (DATABASE_URL)' : `Database: PGlite in ${dataDir}`);
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  try {
    await runSeed(database, options);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
