import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { spawnUntil } from './server-process.js';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** `npm run start:cluster` (dist/cluster.js) and nginx with deploy/nginx.conf, for the scale-out test and bench. */
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** `count` consecutive free ports (the cluster's workers take PORT .. PORT+N-1). */
export async function freePorts(count: number): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const first = 20_000 + Math.floor(Math.random() * 30_000);
    const all = await Promise.all(Array.from({ length: count }, (_, i) => portFree(first + i)));
    if (all.every(Boolean)) return first;
  }
  throw new Error(`no ${count} consecutive free ports`);
}

export interface Cluster {
  supervisor: ChildProcess;
  ports: number[];
  output(): string;
  /** The process id of the worker on `port` (the supervisor's children carry their PORT). */
  pidOf(port: number): number;
  workerPids(): number[];
  /** Resolves once every worker has done its start-up work (demo recordings and documents) and answers at once:
   * three processes rendering on two cores lag their event loops past the load-shedding limit meanwhile. */
  settled(databaseUrl: string): Promise<void>;
  stop(): Promise<void>;
}

export async function startCluster(
  workers: number,
  env: Record<string, string>,
  timeoutMs = 300_000,
): Promise<Cluster> {
  const port = await freePorts(workers);
  const started = await spawnUntil(
    ['apps/server/dist/cluster.js', '--workers', String(workers)],
    { ...env, PORT: String(port) },
    `[cluster] ${workers} workers on ports`,
    timeoutMs,
    'the cluster',
  );
  const supervisor = started.child;
  const workerPids = () =>
    execFileSync('ps', ['-o', 'pid=', '--ppid', String(supervisor.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((l) => Number(l.trim()))
      .filter((n) => n > 0);
  return {
    supervisor,
    ports: Array.from({ length: workers }, (_, i) => port + i),
    output: started.output,
    workerPids,
    pidOf(p) {
      for (const pid of workerPids()) {
        const environ = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
        if (environ.includes(`PORT=${p}`)) return pid;
      }
      throw new Error(`no worker on port ${p}`);
    },
    async settled(databaseUrl) {
      const until = Date.now() + 180_000;
      const db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
      try {
        for (;;) {
          const { rows } = await db.query<{ missing: number }>(`select
              (select count(*) from generated_file g where g.file_uri is not null
                 and not exists (select 1 from stored_file s where s.key = g.file_uri))
            + (select count(*) from transcript t where t.audio_uri is not null
                 and not exists (select 1 from stored_file s where s.key = t.audio_uri)) as missing`);
          if (Number(rows[0].missing) === 0 || Date.now() > until) break;
          await new Promise((r) => setTimeout(r, 250));
        }
      } finally {
        await db.end();
      }
      for (const p of Array.from({ length: workers }, (_, i) => port + i)) {
        let streak = 0;
        while (streak < 3 && Date.now() < until) {
          const ok = await fetch(`http://127.0.0.1:${p}/core-api/api/config`).then(
            (r) => r.ok,
            () => false,
          );
          streak = ok ? streak + 1 : 0;
          if (!ok) await new Promise((r) => setTimeout(r, 200));
        }
      }
    },
    stop: () => started.stop('SIGTERM'),
  };
}

export interface Nginx {
  port: number;
  base: string;
  stop(): Promise<void>;
}

/** deploy/nginx.conf with only its ports changed (upstreams 8080-8082, listen 80), in a main config of its own. */
export async function startNginx(workerPorts: number[]): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'openrescue-nginx-'));
  const port = await freePorts(1);
  let site = readFileSync(`${ROOT}deploy/nginx.conf`, 'utf8');
  const shipped = [8080, 8081, 8082];
  if (workerPorts.length !== shipped.length) throw new Error('deploy/nginx.conf names three workers');
  shipped.forEach((p, i) => {
    site = site.replace(`127.0.0.1:${p} `, `127.0.0.1:${workerPorts[i]} `);
  });
  site = site.replace('listen 80;', `listen 127.0.0.1:${port};`);
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 4096; }',
      'http {',
      `  access_log off;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      `  include ${dir}/site.conf;`,
      '}',
    ].join('\n'),
  );
  const args = ['-p', dir, '-c', join(dir, 'nginx.conf')];
  execFileSync(NGINX, [...args, '-t'], { stdio: 'pipe' });
  const child = spawn(NGINX, [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (
      await fetch(`${base}/health`).then(
        () => true,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    port,
    base,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
    },
  };
}
