import { Worker } from 'node:worker_threads';
import type { RenderedDocuments } from '../documents/publish-render.js';
import type { ReportDocument } from '../documents/report-document.js';
import type { Poster } from '@openrescue/shared';
import type { PosterLayoutOptions } from '../documents/pdf/poster-layout.js';
import type { RenderInputs, RenderKind, RenderResults } from './render-tasks.js';

/**
 * Renders published documents (and downloaded spreadsheets and posters) on worker threads, so that publishing uses every core
 * and the HTTP thread stays free. Workers start on the first render (or `warm`) and stop after a minute without work,
 * but for the first `keepAlive` of them. With `size` 0, or when a worker cannot start, rendering happens on this
 * thread instead.
 */
export interface RenderPool {
  render(report: ReportDocument, date: Date): Promise<RenderedDocuments>;
  /** A download's spreadsheet alone (the report GET), its bytes or the error that stopped it. */
  renderXlsx(report: ReportDocument, date: Date): Promise<Uint8Array>;
  /** A store poster's PDF, its bytes or the error that stopped it. */
  renderPoster(poster: Poster, layout: PosterLayoutOptions): Promise<Uint8Array>;
  /** Any render task (the company report's parts, decision 0068), its result as the thread gave it. */
  task<K extends RenderKind>(kind: K, input: RenderInputs[K], date: Date): Promise<RenderResults[K]>;
  /** Threads running now. */
  readonly running: number;
  /** Threads the pool may use (0: this thread). */
  readonly size: number;
  /**
   * Starts the threads now (a job is about to render): they load their libraries while its first report loads.
   * `threads`: only that many (default: all). `prepare`: the threads it starts also load every renderer and the fonts
   * and render a small sample before taking work, so that a first real document costs what later ones do (0077).
   */
  warm(options?: { prepare?: boolean; threads?: number }): void;
  /** Resolves once the threads running now are ready, those started by `warm({ prepare: true })` prepared. */
  prepared(): Promise<void>;
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  size: number;
  productName: string;
  idleMs?: number;
  /** How many threads never stop for idleness (the company report's one: a first report would pay its start, 0077). */
  keepAlive?: number;
  log?: { warn(obj: object, msg: string): void };
}

interface Task {
  id: number;
  kind: RenderKind;
  input: RenderInputs[RenderKind];
  date: Date;
  attempts: number;
  resolve(value: RenderResults[RenderKind]): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  ready: boolean;
  /** Done preparing (or not asked to). */
  prepared: Promise<void>;
}

// From TypeScript sources (tsx, vitest) a worker first registers tsx (render-worker-boot.mjs); the built server
// (scripts/build.mjs) has render-worker.js beside it and starts it directly.
const FROM_SOURCES = import.meta.url.endsWith('.ts');
const WORKER = FROM_SOURCES
  ? new URL('./render-worker-boot.mjs', import.meta.url)
  : new URL('./render-worker.js', import.meta.url);
const WORKER_DATA = FROM_SOURCES ? { entry: new URL('./render-worker.ts', import.meta.url).href } : {};

export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const idleMs = options.idleMs ?? 60_000;
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let inline = options.size <= 0;
  let closed = false;
  let idleTimer: NodeJS.Timeout | null = null;

  // The document libraries load here only when rendering on this thread.
  const renderInline = (t: Task) =>
    import('./render-tasks.js')
      .then(({ runRenderTask }) => runRenderTask(t.kind, t.input, { productName: options.productName, date: t.date }))
      .then(t.resolve, t.reject);

  function spawn(prepare = false): Slot {
    const worker = new Worker(WORKER, { workerData: WORKER_DATA });
    let preparedNow = () => {};
    const slot: Slot = { worker, task: null, ready: false, prepared: new Promise((done) => (preparedNow = done)) };
    worker.on('message', (msg: { ready?: true; id?: number; result?: RenderResults[RenderKind]; error?: string }) => {
      if (msg.ready) {
        slot.ready = true;
        if (prepare) {
          // The thread's first task, before any queued one: a failure only costs the first document its speed.
          const done = () => preparedNow();
          const task: Task = {
            id: nextId++,
            kind: 'warm',
            input: null,
            date: new Date(),
            attempts: 2,
            resolve: done,
            reject: (error) => {
              if (!closed) options.log?.warn({ err: error }, 'render worker could not prepare');
              done();
            },
          };
          send(slot, task);
        } else preparedNow();
        pump();
        return;
      }
      const task = slot.task;
      if (!task || task.id !== msg.id) return;
      slot.task = null;
      if (msg.error) task.reject(new Error(msg.error));
      else task.resolve(msg.result!);
      pump();
    });
    const lost = (error: Error) => {
      slots.splice(slots.indexOf(slot), 1);
      preparedNow();
      if (!slot.ready && !closed) {
        // The thread could not even start (no TypeScript loader here): render on this thread from now on.
        options.log?.warn({ err: error }, 'render worker could not start; rendering on the main thread');
        inline = true;
      }
      const task = slot.task;
      slot.task = null;
      // The task goes back to the queue once: one crash of the thread need not be the document's fault.
      if (task && task.attempts < 2) queue.unshift(task);
      else task?.reject(error);
      pump();
    };
    worker.once('error', lost);
    worker.once('exit', (code) => {
      if (slots.includes(slot)) lost(new Error(`render worker exited with code ${code}`));
    });
    slots.push(slot);
    return slot;
  }

  function pump() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
    if (closed) return;
    while (queue.length) {
      if (inline) {
        void renderInline(queue.shift()!);
        continue;
      }
      const free = slots.find((s) => s.ready && !s.task);
      if (free) {
        send(free, queue.shift()!);
        continue;
      }
      if (slots.length < options.size) {
        spawn();
        continue;
      }
      break;
    }
    if (!queue.length && slots.length > (options.keepAlive ?? 0) && slots.every((s) => !s.task)) {
      idleTimer = setTimeout(() => void stopWorkers(options.keepAlive ?? 0), idleMs);
      idleTimer.unref();
    }
  }

  function send(slot: Slot, task: Task) {
    slot.task = task;
    task.attempts++;
    slot.worker.postMessage({
      id: task.id,
      kind: task.kind,
      input: task.input,
      productName: options.productName,
      date: task.date.toISOString(),
    });
  }

  function enqueue<K extends RenderKind>(kind: K, input: RenderInputs[K], date: Date): Promise<RenderResults[K]> {
    if (closed) return Promise.reject(new Error('the render pool is closed'));
    return new Promise<RenderResults[K]>((resolve, reject) => {
      queue.push({ id: nextId++, kind, input, date, attempts: 0, resolve: resolve as Task['resolve'], reject });
      pump();
    });
  }

  /** Stops the threads but the first `keep` (the oldest: the ones prepared at start). */
  async function stopWorkers(keep = 0) {
    const stopped = slots.splice(keep);
    await Promise.all(stopped.map((s) => s.worker.terminate()));
  }

  return {
    get size() {
      return inline ? 0 : options.size;
    },
    get running() {
      return slots.length;
    },
    warm(warmOptions) {
      if (closed || inline) return;
      const threads = Math.min(options.size, warmOptions?.threads ?? options.size);
      while (slots.length < threads) spawn(warmOptions?.prepare);
      pump();
    },
    async prepared() {
      await Promise.all(slots.map((s) => s.prepared));
    },
    render(report, date) {
      return enqueue('published', report, date);
    },
    task(kind, input, date) {
      return enqueue(kind, input, date);
    },
    async renderXlsx(report, date) {
      const xlsx = await enqueue('xlsx', report, date);
      if (!xlsx.ok) throw new Error(xlsx.error);
      return xlsx.data;
    },
    async renderPoster(poster, layout) {
      const pdf = await enqueue('poster', { poster, layout }, new Date());
      if (!pdf.ok) throw new Error(pdf.error);
      return pdf.data;
    },
    async close() {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      for (const t of queue.splice(0)) t.reject(new Error('the render pool is closed'));
      for (const s of slots) s.task?.reject(new Error('the render pool is closed'));
      await stopWorkers();
    },
  };
}
