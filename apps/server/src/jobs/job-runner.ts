import { UNFINISHED_JOB_STATUSES } from '@openrescue/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';
import type { JobLocks } from './job-locks.js';

/** What a job kind's handler is given: whether the runner is stopping (finish the file in hand, take no new one). */
export interface JobControl {
  readonly stopping: boolean;
}

export interface JobHandler {
  kind: string;
  /** Runs the job to its end (or until `control.stopping`). Must be safe to run again after a crash at any point. */
  run(jobId: string, control: JobControl): Promise<void>;
}

export interface JobRunner {
  register(handler: JobHandler): void;
  /**
   * A task run in the background once the runner starts (e.g. storing the documents the demo data refers to);
   * `stopping()` turns true when the server stops. Named: of several server processes on one database, one runs it
   * at a time (the job locks); the others skip it.
   */
  afterStart(name: string, task: (stopping: () => boolean) => Promise<unknown>): void;
  /**
   * Resumes every unfinished job of a registered kind, then looks for work every `pollMs`. `startUpTasks: false`
   * leaves the `afterStart` tasks out (the test app: a test runs such a task itself, when it is the subject).
   */
  start(options?: { startUpTasks?: boolean }): Promise<void>;
  /** Looks for work now (a job was just created). */
  wake(): void;
  /** Takes no new work, lets the files in hand finish, and waits (at most `timeoutMs`). */
  stop(timeoutMs?: number): Promise<void>;
  /** The jobs this process is running. */
  running(): string[];
  /** Resolves once nothing runs here (tests, benchmarks). */
  idle(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Kysely<DB>;
  locks: JobLocks;
  pollMs?: number;
  log: { error(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/**
 * Runs durable jobs: all their state is in the database (jobs, job_item), so whatever happens to this process, a
 * restart (or, on PostgreSQL, another process) picks the unfinished ones up where they were.
 */
export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const handlers = new Map<string, JobHandler>();
  const startTasks: { name: string; task: (stopping: () => boolean) => Promise<unknown> }[] = [];
  const active = new Map<string, Promise<void>>();
  const control = { stopping: false };
  let timer: NodeJS.Timeout | null = null;
  let scanning: Promise<void> | null = null;
  let again = false;
  let idleWaiters: (() => void)[] = [];
  // Jobs whose stop by an error is in the debug log already (once per job and process, not once per retry).
  const logged = new Set<string>();

  const settleIdle = () => {
    if (active.size || scanning) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const w of waiters) w();
  };

  async function scanOnce() {
    const kinds = [...handlers.keys()];
    if (!kinds.length) return;
    const rows = await options.db
      .selectFrom('jobs')
      .select(['id', 'kind'])
      .where('status', 'in', UNFINISHED_JOB_STATUSES)
      .where('kind', 'in', kinds)
      .orderBy('created_at')
      .orderBy(sql`id`)
      .execute();
    for (const row of rows) {
      if (control.stopping) return;
      if (active.has(row.id)) continue;
      if (!(await options.locks.tryLock(row.id))) continue;
      const handler = handlers.get(row.kind)!;
      const run = handler
        .run(row.id, control)
        .catch((error: unknown) => {
          // The job stays unfinished: the next look for work (or the next start) tries it again.
          options.log.error({ err: error, job: row.id }, 'job stopped by an error; it will be resumed');
          if (logged.has(row.id)) return;
          logged.add(row.id);
          const text = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
          return options.db
            .insertInto('custom_debug_log')
            .values({ target: row.id, error: `Job stopped by an error; it will be resumed: ${text}`, job_id: row.id })
            .execute()
            .then(
              () => undefined,
              () => undefined,
            );
        })
        .finally(async () => {
          active.delete(row.id);
          await options.locks.unlock(row.id).catch(() => {});
          settleIdle();
        });
      active.set(row.id, run);
    }
  }

  const startRuns = new Set<Promise<unknown>>();

  function scan() {
    if (control.stopping) return;
    if (scanning) {
      again = true;
      return;
    }
    scanning = (async () => {
      do {
        again = false;
        await scanOnce().catch((error: unknown) => options.log.error({ err: error }, 'looking for jobs failed'));
      } while (again && !control.stopping);
    })().finally(() => {
      scanning = null;
      settleIdle();
    });
  }

  return {
    register(handler) {
      handlers.set(handler.kind, handler);
    },
    afterStart(name, task) {
      startTasks.push({ name, task });
    },
    async start({ startUpTasks = true } = {}) {
      control.stopping = false;
      scan();
      await scanning;
      const pollMs = options.pollMs ?? 15_000;
      timer = setInterval(scan, pollMs);
      timer.unref();
      for (const { name, task } of startUpTasks ? startTasks : []) {
        const lock = `start-up:${name}`;
        const run: Promise<unknown> = options.locks
          .tryLock(lock)
          .then(async (mine) => {
            if (!mine) return; // another process is doing it
            try {
              await task(() => control.stopping);
            } finally {
              await options.locks.unlock(lock);
            }
          })
          .catch((error: unknown) => options.log.error({ err: error, task: name }, 'a start-up task failed'))
          .finally(() => startRuns.delete(run));
        startRuns.add(run);
      }
    },
    wake() {
      scan();
    },
    async stop(timeoutMs = 8000) {
      control.stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      const all = Promise.all([scanning, ...active.values(), ...startRuns]);
      await Promise.race([all, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    },
    running() {
      return [...active.keys()];
    },
    idle() {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        settleIdle();
      });
    },
  };
}
