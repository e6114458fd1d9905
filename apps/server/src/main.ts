import { resolve } from 'node:path';
import { REPORT_TIME_ZONE } from '@openrescue/shared';
import { loadEnv } from './config/env.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';
import { compareZoneRules, databaseZoneRules, zoneRulesWarning } from './db/zone-rules.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { prepareDemo } from './demo-setup.js';

// The app's modules (Fastify, better-auth, the routes: ~1.5 s to load) load while the database opens.
const appModule = import('./app.js');

async function main() {
  const began = performance.now();
  const phases: string[] = [];
  let last = began;
  const lap = (name: string) => {
    const now = performance.now();
    phases.push(`${name} ${((now - last) / 1000).toFixed(1)} s`);
    last = now;
  };
  const env = loadEnv();
  // `npm start` runs this from apps/server; a relative DATA_DIR means the folder npm was started in.
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  lap('database');
  const { buildApp, startBackgroundWork } = await appModule;
  lap('app modules');
  const built = await (async () => {
    try {
      const applied = await migrate(database);
      if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
      lap('migrations');
      const built = await buildApp({ env, database, dataDir });
      lap('app');
      if (env.SEED_DEMO) {
        await prepareDemo(built.ctx, env.DEMO_DONATIONS, (line) => console.log(line));
        lap('demo data');
      }
      return built;
    } catch (error) {
      await database.close();
      throw error;
    }
  })();

  const { app, ctx } = built;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      await database.close();
    } finally {
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: env.PORT, host: env.HOST });
  lap('listen');
  // The company report's threads start and prepare now, beside the rest of the start (decision 0077).
  if (env.RENDER_THREAD_PREPARED) void built.warmThreads();
  // Unfinished jobs (publishing) resume now, also after a crash.
  await startBackgroundWork(ctx);
  lap('background work');
  // A check, not a gate: the server still starts, and says which side's time zone data to update.
  const zoneRules = compareZoneRules(await databaseZoneRules(database), REPORT_TIME_ZONE);
  const zoneWarning = zoneRules && zoneRulesWarning(REPORT_TIME_ZONE, zoneRules);
  if (zoneWarning) app.log.warn({ zone: REPORT_TIME_ZONE, ...zoneRules }, zoneWarning);
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${dataDir}`;
  const lines = [
    '',
    `${env.PRODUCT_NAME} is running at ${ctx.origin}`,
    `  database: ${where}`,
    `  API docs: ${ctx.origin}/docs`,
    `  started in ${((performance.now() - began) / 1000).toFixed(1)} s (${phases.join(', ')}; process up ${process.uptime().toFixed(1)} s)`,
  ];
  if (zoneWarning) lines.push(`  warning: ${zoneWarning}`);
  if (env.SEED_DEMO) {
    lines.push('  demo accounts:');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.email.padEnd(26)} ${a.password.padEnd(14)} ${a.who}`);
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
