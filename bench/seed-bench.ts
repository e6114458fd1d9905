/**
 * Demo-network load time, PGlite (in memory, worker thread) and PostgreSQL 15 side by side in one run.
 * Usage: npx tsx bench/seed-bench.ts [--donations 100000] [--runs 3]
 * Prints the median and every run; each run is a fresh, migrated database.
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/connection.js';
import { seedDemoData } from '../apps/server/src/db/demo/index.js';
import { migrate } from '../apps/server/src/db/migrate.js';
// @ts-expect-error plain ESM helper without types
import { startPostgres } from '../scripts/pg-server.mjs';

const { values } = parseArgs({
  options: { donations: { type: 'string', default: '100000' }, runs: { type: 'string', default: '3' } },
});
const donations = Number(values.donations);
const runs = Number(values.runs);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function timeSeed(open: () => Promise<Database>): Promise<number> {
  const database = await open();
  try {
    await migrate(database);
    const started = performance.now();
    await seedDemoData(database.db, database, { donations });
    return (performance.now() - started) / 1000;
  } finally {
    await database.close();
  }
}

const server = startPostgres(55439);
let n = 0;
const openPostgres = async () => {
  const name = `bench_${process.pid}_${n++}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return openDatabase({ databaseUrl: server.url.replace(/\/postgres$/, `/${name}`) });
};

try {
  const results: Record<string, number[]> = { 'PGlite (memory, worker)': [], 'PostgreSQL 15': [] };
  for (let i = 0; i < runs; i++) {
    // alternate engines so machine noise falls on both alike
    results['PGlite (memory, worker)'].push(await timeSeed(() => openDatabase({ dataDir: null })));
    results['PostgreSQL 15'].push(await timeSeed(openPostgres));
  }
  console.log(`Demo seed, ${donations.toLocaleString('en-US')} donations, ${runs} runs each`);
  for (const [engine, times] of Object.entries(results)) {
    console.log(
      `${engine.padEnd(26)} median ${median(times).toFixed(2)} s   runs: ${times.map((t) => t.toFixed(2)).join(', ')}`,
    );
  }
} finally {
  server.stop();
}
