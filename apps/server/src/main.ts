import { resolve } from 'node:path';
import { loadEnv } from './config/env.js';
import { openDatabase } from './db/connection.js';
import { migrate } from './db/migrate.js';

/** The app's modules, most of the start-up time: they load while the database opens. */
const loadApp = async () => {
  const [{ buildApp, startBackgroundWork }, { prepareDemo }, { DEMO_ACCOUNTS }] = await Promise.all([
    import('./app.js'),
    import('./demo-setup.js'),
    import('./demo-accounts.js'),
  ]);
  return { buildApp, startBackgroundWork, prepareDemo, DEMO_ACCOUNTS };
};

async function main() {
  const env = loadEnv();
  // `npm start` runs this from apps/server; a relative DATA_DIR means the folder npm was started in.
  const dataDir = resolve(process.env.INIT_CWD ?? process.cwd(), env.DATA_DIR);
  // PGlite starts (WASM, in its worker thread, on the other core) while this thread loads the app's modules.
  const opening = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  const loading = loadApp();
  loading.catch(() => {}); // a failure is thrown below, after the database that did open is closed again
  const database = await opening;
  const { app, ctx, startBackgroundWork, DEMO_ACCOUNTS } = await (async () => {
    try {
      const applied = await migrate(database);
      if (applied.length) console.log(`Applied migrations: ${applied.join(', ')}`);
      const { buildApp, prepareDemo, ...rest } = await loading;
      const built = await buildApp({ env, database, dataDir });
      if (env.SEED_DEMO) await prepareDemo(built.ctx, env.DEMO_DONATIONS, (line) => console.log(line));
      return { ...built, ...rest };
    } catch (error) {
      await database.close();
      throw error;
    }
  })();

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
  // Unfinished jobs (publishing) resume now, also after a crash.
  await startBackgroundWork(ctx);
  const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${dataDir}`;
  const lines = [
    '',
    `${env.PRODUCT_NAME} is running at ${ctx.origin}`,
    `  database: ${where}`,
    `  API docs: ${ctx.origin}/docs`,
  ];
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
