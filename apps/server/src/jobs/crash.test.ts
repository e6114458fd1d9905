import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  api,
  createPostgresDatabase,
  readJobFiles,
  type ServerProcess,
  staffToken,
  startServer,
} from '../test-support/processes/server-process.js';

/**
 * THE CRASH TEST (issue 5): a publish job survives SIGKILLs of the real server process at random moments: in the end
 * every file's documents exist, none twice, each byte-identical to a clean run's, and the job's progress never went
 * backwards. `npm test` kills a 40-file job twice: a kill, a restart that resumes, and a kill of the resumed job; the
 * 20-kill run of a 200-file job is in `npm run test:resilience` (CRASH_FILES, CRASH_KILLS), as issue 9 puts crashes.
 * CRASH_SEED=n repeats a run's kill moments. On PGlite by default; with TEST_DATABASE_URL (the PostgreSQL pass of
 * the suite) each server gets its own database on that server instead.
 */
const FILES = Number(process.env.CRASH_FILES ?? 40);
const KILLS = Number(process.env.CRASH_KILLS ?? 2);
const JOB = 'publish_all_2'; // the demo holds one earlier publish_all run
const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 1e9));
let state = seed >>> 0 || 1;
const random = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 2 ** 32;
};

const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
let live: ServerProcess | null = null;
afterAll(async () => {
  await live?.stop('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const drop of drops) await drop().catch(() => {});
});

function dataDir(name: string) {
  const dir = mkdtempSync(join(tmpdir(), `openrescue-crash-${name}-`));
  dirs.push(dir);
  return dir;
}

/** A server's home: a data folder (files, and PGlite) and, in the PostgreSQL pass, its own database. */
async function home(name: string): Promise<{ dir: string; url?: string }> {
  const dir = dataDir(name);
  if (!process.env.TEST_DATABASE_URL) return { dir };
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL, `or_crash_${name}`);
  drops.push(created.drop);
  return { dir, url: created.url };
}

// One public address for every life of a server (a restart gets another port): its access tokens name it as their
// issuer, so a token from before a kill stays valid after it, as behind a load balancer.
const PUBLIC_URL = 'http://openrescue.test';
const env = (h: { dir: string; url?: string }) => ({
  PUBLIC_URL,
  DATA_DIR: h.dir,
  DEMO_DONATIONS: '2000',
  MAX_PUBLISH_FILES: String(FILES),
  ...(h.url ? { DATABASE_URL: h.url } : {}),
});

/** Starts the job on a fresh server: the FILES newest publish files, 4 at a time. */
async function startJob(server: ServerProcess) {
  const token = await staffToken(server.base, PUBLIC_URL);
  const found = await api(server.base, token, '/ops-api/appsheet/table/PublishFile/action', {
    Action: 'Find',
    Properties: { Selector: `Top(OrderBy(PublishFile, [entry_date], TRUE, [id], FALSE), ${FILES})` },
  });
  expect(found.body.data).toHaveLength(FILES);
  const started = await api(server.base, token, '/ops-api/appsheet/table/PublishFile/batchAction', {
    Action: 'AdvanceSingleFileChangeTime',
    Properties: { TaskName: 'publish_all', ParallelRequests: 4 },
    Rows: found.body.data.map((r: { id: number }) => ({ id: r.id })),
  });
  expect(started.status).toBe(202);
  expect(started.body.job.id).toBe(JOB);
  return token;
}

async function progress(server: ServerProcess, token: string): Promise<{ processed: number; status: string } | null> {
  try {
    const res = await api(server.base, token, '/ops-api/table/Jobs?limit=10');
    const job = res.body.data?.find((j: { id: string }) => j.id === JOB);
    return job ? { processed: job.processed, status: job.status } : null;
  } catch {
    return null; // the process is being killed
  }
}

describe('publishing survives SIGKILL', () => {
  it(`renders ${FILES} files exactly once each, byte-identical to a clean run, progress never going backwards (seed ${seed})`, async () => {
    const started = Date.now();
    // 1. A clean run, at the same time as the crash run (on its own data folder and port).
    const cleanHome = await home('clean');
    let cleanStarted!: () => void;
    const cleanUp = new Promise<void>((resolve) => (cleanStarted = resolve));
    const cleanRun = (async () => {
      const server = await startServer(env(cleanHome)).finally(() => cleanStarted());
      try {
        const token = await startJob(server);
        for (;;) {
          const p = await progress(server, token);
          if (p?.status === 'succeeded') break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      } finally {
        await server.stop('SIGTERM');
      }
      return Date.now() - started;
    })();

    // 2. The same job, killed KILLS times: mostly at a random moment after the restarted server made progress (so the
    // kill lands between renders, file writes and commits), sometimes before it made any.
    // (Started once the clean server is up, so that the two never compile the same sources at the same moment.)
    const crashHome = await home('crash');
    await cleanUp;
    live = await startServer(env(crashHome));
    let token = await startJob(live);
    const seen: number[] = [];
    const poll = async () => {
      const p = await progress(live!, token);
      if (p) seen.push(p.processed);
      return p;
    };
    const pause = () => new Promise((resolve) => setTimeout(resolve, 15 + random() * 50));
    let kills = 0;
    const lives: string[] = [];
    while (kills < KILLS) {
      const before = seen.at(-1) ?? 0;
      const lifeStart = Date.now();
      if (random() < 0.8) {
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline && ((await poll())?.processed ?? 0) <= before) await pause();
      }
      lives.push(`${Date.now() - lifeStart}`);
      const killAt = Date.now() + random() * 900;
      while (Date.now() < killAt) {
        await poll();
        await pause();
      }
      if ((await poll())?.status === 'succeeded') break;
      await live.stop('SIGKILL');
      kills++;
      const restart = Date.now();
      live = await startServer(env(crashHome));
      lives[lives.length - 1] += `/${Date.now() - restart}`;
      if ((await api(live.base, token, '/ops-api/table/Jobs?limit=1')).status === 401)
        token = await staffToken(live.base, PUBLIC_URL);
    }
    // After the last kill, let it finish.
    while ((await poll())?.status !== 'succeeded') await new Promise((resolve) => setTimeout(resolve, 100));
    await live.stop('SIGTERM');
    live = null;
    const cleanMs = await cleanRun;

    expect(kills, `the job finished before it could be killed ${KILLS} times`).toBe(KILLS);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(FILES);
    const clean = await readJobFiles(cleanHome.dir, JOB, cleanHome.url);
    const crashed = await readJobFiles(crashHome.dir, JOB, crashHome.url);
    expect(clean.documents.size).toBe(FILES * 2);
    expect(crashed.job).toEqual({ status: 'succeeded', total: FILES, processed: FILES });
    expect(crashed.items.filter((i) => i.state === 'done')).toHaveLength(FILES);
    expect(crashed.documents.size).toBe(FILES * 2);
    for (const [key, doc] of crashed.documents) {
      expect(doc.rows, `${key} recorded twice`).toBe(1);
      expect(doc.status).toBe('QUEUE:RENDER:SUCCESS');
      expect(doc.sha256, `${key} differs from the clean run`).toBe(clean.documents.get(key)!.sha256);
    }
    const progressBetweenKills = new Set(seen).size;
    console.log(`crash test lives (ms to progress / ms to restart): ${lives.join(' ')}`);
    console.log(
      `resilience: publish of ${FILES} files (seed ${seed}): ${kills} kills, ${seen.length} progress reads (${progressBetweenKills} distinct values), ${crashed.documents.size} documents, each once and byte-identical to a clean run (${cleanMs} ms), total ${Date.now() - started} ms`,
    );
  }, 420_000); // ~180 s with 200 files and 20 kills on a quiet 2-core machine
});
