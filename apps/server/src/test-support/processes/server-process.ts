import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withAdminClient } from '../test-database.js';
import { openDatabase } from '../../db/connection.js';
import { createDatabaseFileStore } from '../../storage/database-file-store.js';
import { createFileStore } from '../../storage/file-store.js';
import { storedBytes } from '../stored-bytes.js';
import { SERVER_ENV, SERVER_NODE_ARGS } from '../../../scripts/node-args.mjs';

/** The real server as a child process (the crash test and the publish benchmark): start it, kill it, read its data. */
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything the process printed (for failure messages). */
  output(): string;
  /** SIGTERM (graceful) or SIGKILL; resolves when the process is gone. */
  stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
}

/**
 * Starts the built server, `node apps/server/dist/main.js`, as `npm start` does (no wrapper process, so a signal
 * reaches the server itself). Build it first: `npm run build -w apps/server` (the api tests' globalSetup does).
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
  nodeArgs: string[] = [],
  node = process.execPath,
): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  if (!existsSync(`${ROOT}apps/server/dist/main.js`))
    throw new Error('apps/server/dist/main.js is missing: npm run build -w apps/server');
  const started = await spawnUntil(
    [...nodeArgs, ...SERVER_NODE_ARGS, 'apps/server/dist/main.js'],
    { ...SERVER_ENV, ...env, PORT: port },
    ' is running at ',
    timeoutMs,
    'the server',
    node,
  );
  return { ...started, base: `http://127.0.0.1:${port}` };
}

/**
 * Runs `node <args>` from the repository root with the test defaults under `env`, and resolves once its output
 * holds `ready`; fails with that output if it exits or takes longer than `timeoutMs` first. `node` is this process's
 * Node unless another is named (the Node 24 smoke).
 */
export async function spawnUntil(
  args: string[],
  env: Record<string, string>,
  ready: string,
  timeoutMs: number,
  what: string,
  node = process.execPath,
) {
  const child = spawn(node, args, {
    cwd: ROOT,
    // No prepared company report thread unless a test asks for it (decision 0084): these tests make no company
    // report, and preparing one costs ~3 s of CPU at every start; the smoke and the production-mode scenarios ask.
    env: {
      ...process.env,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      RENDER_THREAD_PREPARED: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (!out.includes(ready)) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}):\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${what} did not start in ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return {
    child,
    output: () => out,
    async stop(signal: 'SIGTERM' | 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A staff access token from the real sign-in routes. */
export const staffToken = (base: string, origin = base) =>
  accessToken(base, 'staff@openrescue.test', 'demo-staff', origin);

/**
 * Signs in with e-mail and password through the real routes, sent with the Origin of the server's own page (`origin`:
 * its PUBLIC_URL when it has one, else the address it is reached at); the session cookie header a browser would keep.
 */
export async function sessionCookie(
  base: string,
  email: string,
  password: string,
  origin = base,
  rememberMe?: boolean,
): Promise<string> {
  const res = await fetch(`${base}/core-api/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password, ...(rememberMe === undefined ? {} : { rememberMe }) }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** A demo account's access token (Bearer) from the real sign-in routes, as the web app gets it from its session. */
export async function accessToken(base: string, email: string, password: string, origin = base): Promise<string> {
  const cookie = await sessionCookie(base, email, password, origin, false);
  const res = await fetch(`${base}/core-api/api/session/token`, { method: 'POST', headers: { cookie, origin } });
  if (res.status !== 200) throw new Error(`token for ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function api(base: string, token: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export interface JobFiles {
  job: { status: string; total: number; processed: number };
  items: { publish_file_id: number; state: string }[];
  /** `${publish_file_id}.${file_type}` -> { rows, sha256 of the stored file } */
  documents: Map<string, { rows: number; sha256: string | null; status: string }>;
}

/**
 * Creates an empty database on the PostgreSQL server of `adminUrl` (TEST_DATABASE_URL); returns its URL and a drop.
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Math.random().toString(36).slice(2, 10)}`;
  await withAdminClient(adminUrl, (admin) => admin.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdminClient(adminUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * Reads a stopped server's data directly (its PGlite folder, or its PostgreSQL database): the job, its items and its
 * documents (hashes of the stored bytes).
 */
export async function readJobFiles(dataDir: string, jobId: string, databaseUrl?: string): Promise<JobFiles> {
  const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir });
  try {
    const db = database.db;
    const job = await db
      .selectFrom('jobs')
      .select(['status', 'total', 'processed'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    const items = await db
      .selectFrom('job_item')
      .select(['publish_file_id', 'state'])
      .where('job_id', '=', jobId)
      .execute();
    const rows = await db
      .selectFrom('generated_file')
      .select(['publish_file_id', 'file_type', 'file_uri', 'file_status'])
      .where('job_id', '=', jobId)
      .execute();
    // Where the server kept them: the database on PostgreSQL, the data folder on PGlite (FILE_STORE's defaults).
    const files = databaseUrl ? createDatabaseFileStore(db) : createFileStore(join(dataDir, 'files'));
    const documents = new Map<string, { rows: number; sha256: string | null; status: string }>();
    for (const r of rows) {
      const key = `${r.publish_file_id}.${r.file_type}`;
      const seen = documents.get(key);
      const bytes = r.file_uri ? await storedBytes(files, r.file_uri) : null;
      const sha256 = bytes ? createHash('sha256').update(bytes).digest('hex') : null;
      documents.set(key, { rows: (seen?.rows ?? 0) + 1, sha256, status: r.file_status });
    }
    return {
      job: { status: job.status, total: Number(job.total), processed: Number(job.processed) },
      items: items.map((i) => ({ publish_file_id: Number(i.publish_file_id), state: i.state })),
      documents,
    };
  } finally {
    await database.close();
  }
}
