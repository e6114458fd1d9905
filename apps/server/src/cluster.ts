import { type ChildProcess, spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../scripts/node-args.mjs';

/**
 * `npm run start:cluster -- --workers N`: N server processes (dist/main.js) on ports PORT .. PORT+N-1, all on the
 * PostgreSQL server of DATABASE_URL, meant to sit behind a load balancer (deploy/nginx.conf). The first one starts
 * alone (migrations, demo data), then the others; a worker that dies is started again. SIGTERM or SIGINT stops them
 * all, gracefully. Decision 0026.
 */
const RESTART_DELAY_MS = Number(process.env.CLUSTER_RESTART_DELAY_MS ?? 1_000);
const MAIN = fileURLToPath(new URL('./main.js', import.meta.url));

function options() {
  const { values } = parseArgs({ options: { workers: { type: 'string', short: 'w' } }, strict: true });
  const workers = Number(values.workers ?? process.env.WORKERS ?? cpus().length);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64)
    throw new Error(`--workers must be a whole number from 1 to 64 (got ${values.workers})`);
  if (!process.env.DATABASE_URL) {
    throw new Error(
      'start:cluster needs DATABASE_URL (a PostgreSQL server): the embedded database serves one process only.',
    );
  }
  const port = Number(process.env.PORT ?? 8080);
  // Every worker must call itself by one name: access tokens carry it as their issuer and audience.
  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  return { workers, port, publicUrl };
}

interface Worker {
  child: ChildProcess | null;
  ready: Promise<void>;
}

function main() {
  const { workers, port, publicUrl } = options();
  let stopping = false;
  const pool: Worker[] = [];

  function start(index: number, seed: boolean): Worker {
    const workerPort = port + index;
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, MAIN], {
      env: {
        ...SERVER_ENV,
        ...process.env,
        PORT: String(workerPort),
        PUBLIC_URL: publicUrl,
        ...(seed ? {} : { SEED_DEMO: 'false' }),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const ready = new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        process.stdout.write(text.replace(/^(?=.)/gm, `[worker ${index} :${workerPort}] `));
        if (text.includes('is running at')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`worker ${index} exited (${code}) before it was ready`)));
    });
    const worker: Worker = { child, ready };
    child.once('exit', (code, signal) => {
      worker.child = null;
      if (stopping) return;
      console.log(
        `[cluster] worker ${index} (port ${workerPort}) ended (${signal ?? code}); starting it again in ${RESTART_DELAY_MS / 1000} s`,
      );
      setTimeout(() => {
        if (stopping) return;
        const again = start(index, false);
        pool[index] = again;
        again.ready.catch(() => {});
      }, RESTART_DELAY_MS);
    });
    return worker;
  }

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`[cluster] ${signal}: stopping ${pool.filter((w) => w.child).length} workers`);
    for (const w of pool) w.child?.kill('SIGTERM');
    const check = setInterval(() => {
      if (pool.every((w) => !w.child)) {
        clearInterval(check);
        process.exit(process.exitCode ?? 0);
      }
    }, 100);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  void (async () => {
    // The first worker migrates the database and prepares the demo; the others start once it is ready.
    pool[0] = start(0, true);
    await pool[0].ready;
    for (let i = 1; i < workers; i++) pool[i] = start(i, false);
    await Promise.all(pool.map((w) => w.ready));
    console.log(`[cluster] ${workers} workers on ports ${port}-${port + workers - 1}, public address ${publicUrl}`);
  })().catch((error) => {
    console.error(`[cluster] ${error instanceof Error ? error.message : error}`);
    stop('SIGTERM');
    process.exitCode = 1;
  });
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
