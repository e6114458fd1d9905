import { Worker } from 'node:worker_threads';
import type { IngestTranscript } from '@openrescue/shared';
import type { AnalysisColumns } from './transcripts.ingest.js';

/**
 * Runs transcript analysis (wink-nlp: seconds for a long call) on a worker thread of its own, one transcript at a
 * time, so the HTTP thread stays free (issue 32, decision 0039). The thread starts on the first analysis and stops
 * after a minute without work; a crash fails the transcript in hand once it was tried twice. With `inline` (no
 * worker threads: RENDER_WORKERS=0), or when the thread cannot start, the analysis runs on this thread.
 */
export interface AnalysisThread {
  analyse(transcript: IngestTranscript, organizations: string[]): Promise<AnalysisColumns>;
  close(): Promise<void>;
}

interface Task {
  id: number;
  transcript: IngestTranscript;
  organizations: string[];
  attempts: number;
  resolve(value: AnalysisColumns): void;
  reject(error: Error): void;
}

// As the render pool does (jobs/render-pool.ts): from TypeScript sources the thread registers tsx first
// (render-worker-boot.mjs); the built server has transcripts-analysis-worker.js beside it (scripts/build.mjs).
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER = FROM_SOURCES
  ? new URL('../../jobs/render-worker-boot.mjs', import.meta.url)
  : new URL('./transcripts-analysis-worker.js', import.meta.url);
const WORKER_DATA = FROM_SOURCES ? { entry: new URL('./transcripts.analysis-worker.ts', import.meta.url).href } : {};

export function createAnalysisThread(options: {
  inline: boolean;
  idleMs?: number;
  log?: { warn(obj: object, msg: string): void };
}): AnalysisThread {
  const idleMs = options.idleMs ?? 60_000;
  const queue: Task[] = [];
  let inline = options.inline;
  let worker: Worker | null = null;
  let ready = false;
  let current: Task | null = null;
  let closed = false;
  let idleTimer: NodeJS.Timeout | null = null;
  let nextId = 1;

  const runInline = (t: Task) =>
    import('./transcripts.ingest.js')
      .then(({ analysisColumns }) => analysisColumns(t.transcript, t.organizations))
      .then(t.resolve, t.reject);

  function spawn() {
    const w = new Worker(WORKER, { workerData: WORKER_DATA });
    worker = w;
    ready = false;
    w.on('message', (msg: { ready?: true; id?: number; result?: AnalysisColumns; error?: string }) => {
      if (msg.ready) {
        ready = true;
        pump();
        return;
      }
      const task = current;
      if (!task || task.id !== msg.id) return;
      current = null;
      if (msg.error !== undefined) task.reject(new Error(msg.error));
      else task.resolve(msg.result!);
      pump();
    });
    const lost = (error: Error) => {
      if (worker !== w) return;
      const started = ready;
      worker = null;
      ready = false;
      if (!started && !closed) {
        options.log?.warn({ err: error }, 'analysis thread could not start; analysing on the main thread');
        inline = true;
      }
      const task = current;
      current = null;
      if (task && task.attempts < 2) queue.unshift(task);
      else task?.reject(error);
      pump();
    };
    w.once('error', lost);
    w.once('exit', (code) => lost(new Error(`analysis thread exited with code ${code}`)));
  }

  function pump() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (closed) return;
    if (inline) {
      for (const t of queue.splice(0)) void runInline(t);
      return;
    }
    if (!worker) {
      if (queue.length) spawn();
      return;
    }
    if (ready && !current && queue.length) {
      current = queue.shift()!;
      current.attempts++;
      worker.postMessage({ id: current.id, transcript: current.transcript, organizations: current.organizations });
    }
    if (!current && !queue.length) {
      idleTimer = setTimeout(() => void stopWorker(), idleMs);
      idleTimer.unref();
    }
  }

  async function stopWorker() {
    const w = worker;
    worker = null;
    ready = false;
    await w?.terminate();
  }

  return {
    analyse(transcript, organizations) {
      if (closed) return Promise.reject(new Error('the analysis thread is closed'));
      return new Promise<AnalysisColumns>((resolve, reject) => {
        queue.push({ id: nextId++, transcript, organizations, attempts: 0, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      for (const t of queue.splice(0)) t.reject(new Error('the analysis thread is closed'));
      current?.reject(new Error('the analysis thread is closed'));
      current = null;
      await stopWorker();
    },
  };
}
