import type { LiveCollection, LiveEvent, LiveJob, TableMetric } from '@openrescue/shared';
import type { JobEvents, JobPatch } from './job-events.js';

/** One open stream (an SSE response): where the hub writes events. */
export interface LiveSink {
  send(event: LiveEvent, data: unknown): void;
  end(): void;
}

export interface LiveHub {
  /** Sends the collection's current documents as `added`, then `ready`, then every change; returns the unsubscribe. */
  subscribe(collection: LiveCollection, sink: LiveSink): Promise<() => void>;
  /** Ends every open stream (server shutdown). */
  close(): void;
}

export interface LiveHubOptions {
  events: JobEvents;
  recentJobs(limit: number): Promise<LiveJob[]>;
  jobsByIds(ids: string[]): Promise<LiveJob[]>;
  tableMetrics(): Promise<TableMetric[]>;
  log: { error(obj: object, msg: string): void };
  /** Changes of one job within this window travel as one event (progress stays well inside 250 ms). Default 10. */
  jobFlushMs?: number;
  /** table_metrics: recomputed at most this often after job changes, and every `metricsPollMs` anyway. */
  metricsMinMs?: number;
  metricsPollMs?: number;
}

interface TaskStream {
  sink: LiveSink;
  seen: Map<string, { updated_at: string; processed: number }>;
  ready: boolean;
  early: LiveJob[];
}

export const LIVE_JOB_LIMIT = 100;
const CACHE_LIMIT = 500;
const FINISHED = new Set(['succeeded', 'failed']);

/**
 * A cached row with a commit's news applied. Monotonic: an older commit's news (patches can arrive out of order)
 * only adds its file to done_ids, at its place in the finishing order; it never moves the count or status back.
 */
export function applyPatch(row: LiveJob, patch: JobPatch): LiveJob {
  const newer = patch.processed >= row.processed;
  const next: LiveJob = newer
    ? { ...row, processed: patch.processed, status: patch.status, updated_at: patch.updated_at, error: patch.error }
    : { ...row };
  const f = patch.finished;
  if (f && row.done_ids && !row.done_ids.includes(f.publish_file_id)) {
    const done = [...row.done_ids];
    done.splice(Math.min(done.length, f.order - 1), 0, f.publish_file_id);
    next.done_ids = done;
    if (f.failed) next.failed_ids = [...(row.failed_ids ?? []), f.publish_file_id];
  }
  return next;
}
const metricKey = (m: TableMetric) => `${m.row_count}|${m.row_count_estimated}|${m.last_change}`;

/**
 * The live collections (DESIGN "Jobs and live data"): `tasks` (job rows) and `table_metrics`. Job changes come from
 * the event bus (this process, or others through LISTEN/NOTIFY); each is read once and sent to every stream.
 */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const flushMs = options.jobFlushMs ?? 10;
  const metricsMinMs = options.metricsMinMs ?? 1000;
  const metricsPollMs = options.metricsPollMs ?? 10_000;
  const tasks = new Set<TaskStream>();
  const metricSinks = new Set<LiveSink>();
  // The latest row of each job that changed lately: a commit's patch is applied here and sent without reading the
  // database (on PGlite, a read would wait behind the reports being loaded for other files).
  const cache = new Map<string, LiveJob>();
  const dirty = new Set<string>();
  const unknown = new Set<string>();
  let flushTimer: NodeJS.Timeout | null = null;
  let flushing: Promise<void> | null = null;
  let lastMetrics = new Map<string, string>();
  let metricsTimer: NodeJS.Timeout | null = null;
  let metricsPoll: NodeJS.Timeout | null = null;
  let lastMetricsAt = 0;

  function deliver(stream: TaskStream, job: LiveJob) {
    const last = stream.seen.get(job.id);
    // Progress never goes backwards on a screen: an older read of a row than one already sent is dropped.
    if (last && (job.updated_at < last.updated_at || job.processed < last.processed)) return;
    stream.seen.set(job.id, { updated_at: job.updated_at, processed: job.processed });
    stream.sink.send(last ? 'modified' : 'added', job);
  }

  function remember(row: LiveJob) {
    const held = cache.get(row.id);
    // A read that lags a patch already applied keeps the newer state.
    if (held && held.processed > row.processed) return;
    cache.delete(row.id);
    cache.set(row.id, row);
    while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  }

  async function flush() {
    flushTimer = null;
    const toRead = [...unknown];
    unknown.clear();
    if (toRead.length && tasks.size) {
      try {
        for (const row of await options.jobsByIds(toRead)) {
          remember(row);
          dirty.add(row.id);
        }
      } catch (error) {
        options.log.error({ err: error }, 'live tasks: reading changed jobs failed');
      }
    }
    const ids = [...dirty];
    dirty.clear();
    for (const id of ids) {
      const row = cache.get(id);
      if (!row) continue;
      for (const stream of tasks) stream.ready ? deliver(stream, row) : stream.early.push(row);
      if (FINISHED.has(row.status)) cache.delete(id);
    }
  }

  function scheduleFlush() {
    if (flushTimer || !tasks.size) return;
    flushTimer = setTimeout(() => {
      flushing = (flushing ?? Promise.resolve()).then(flush).finally(() => (flushing = null));
    }, flushMs);
  }

  async function refreshMetrics() {
    metricsTimer = null;
    if (!metricSinks.size) return;
    lastMetricsAt = Date.now();
    try {
      const rows = await options.tableMetrics();
      for (const row of rows) {
        if (lastMetrics.get(row.table) === metricKey(row)) continue;
        lastMetrics.set(row.table, metricKey(row));
        for (const sink of metricSinks) sink.send('modified', row);
      }
    } catch (error) {
      options.log.error({ err: error }, 'live table_metrics: reading the metrics failed');
    }
  }

  function scheduleMetrics() {
    if (metricsTimer || !metricSinks.size) return;
    metricsTimer = setTimeout(() => void refreshMetrics(), Math.max(0, lastMetricsAt + metricsMinMs - Date.now()));
  }

  const stopListening = options.events.on((jobId, patch) => {
    scheduleMetrics();
    if (!tasks.size) {
      // Nobody is watching: forget the row rather than let it go stale.
      cache.delete(jobId);
      return;
    }
    const held = cache.get(jobId);
    if (patch && held && (held.kind !== 'publish' || held.done_ids)) {
      cache.set(jobId, applyPatch(held, patch));
      dirty.add(jobId);
    } else {
      unknown.add(jobId);
    }
    scheduleFlush();
  });

  async function subscribeTasks(sink: LiveSink) {
    const stream: TaskStream = { sink, seen: new Map(), ready: false, early: [] };
    tasks.add(stream);
    const rows = await options.recentJobs(LIVE_JOB_LIMIT);
    for (const row of rows) {
      if (!FINISHED.has(row.status)) remember(row);
      deliver(stream, row);
    }
    stream.ready = true;
    for (const row of stream.early.splice(0)) deliver(stream, row);
    sink.send('ready', { count: rows.length });
    return () => void tasks.delete(stream);
  }

  async function subscribeMetrics(sink: LiveSink) {
    const rows = await options.tableMetrics();
    for (const row of rows) sink.send('added', row);
    sink.send('ready', { count: rows.length });
    if (!metricSinks.size) {
      lastMetrics = new Map(rows.map((r) => [r.table, metricKey(r)]));
      lastMetricsAt = Date.now();
      metricsPoll = setInterval(() => void refreshMetrics(), metricsPollMs);
      metricsPoll.unref();
    }
    metricSinks.add(sink);
    return () => {
      metricSinks.delete(sink);
      if (!metricSinks.size && metricsPoll) clearInterval(metricsPoll);
    };
  }

  return {
    subscribe(collection, sink) {
      return collection === 'tasks' ? subscribeTasks(sink) : subscribeMetrics(sink);
    },
    close() {
      stopListening();
      for (const t of [flushTimer, metricsTimer]) if (t) clearTimeout(t);
      if (metricsPoll) clearInterval(metricsPoll);
      for (const s of tasks) s.sink.end();
      for (const s of metricSinks) s.end();
      tasks.clear();
      metricSinks.clear();
    },
  };
}
