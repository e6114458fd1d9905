import type { LiveCollection, LiveEvent, LiveJob, TableMetric } from '@openrescue/shared';
import type { JobEvents } from './job-events.js';

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
  /** Changes of one job within this window travel as one event (progress stays well inside 250 ms). */
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
const metricKey = (m: TableMetric) => `${m.row_count}|${m.row_count_estimated}|${m.last_change}`;

/**
 * The live collections (DESIGN "Jobs and live data"): `tasks` (job rows) and `table_metrics`. Job changes come from
 * the event bus (this process, or others through LISTEN/NOTIFY); each is read once and sent to every stream.
 */
export function createLiveHub(options: LiveHubOptions): LiveHub {
  const flushMs = options.jobFlushMs ?? 40;
  const metricsMinMs = options.metricsMinMs ?? 1000;
  const metricsPollMs = options.metricsPollMs ?? 10_000;
  const tasks = new Set<TaskStream>();
  const metricSinks = new Set<LiveSink>();
  const pending = new Set<string>();
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

  async function flush() {
    flushTimer = null;
    const ids = [...pending];
    pending.clear();
    if (!ids.length || !tasks.size) return;
    try {
      const rows = await options.jobsByIds(ids);
      for (const stream of tasks) for (const row of rows) (stream.ready ? deliver(stream, row) : stream.early.push(row));
    } catch (error) {
      options.log.error({ err: error }, 'live tasks: reading changed jobs failed');
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

  const stopListening = options.events.on((jobId) => {
    pending.add(jobId);
    scheduleFlush();
    scheduleMetrics();
  });

  async function subscribeTasks(sink: LiveSink) {
    const stream: TaskStream = { sink, seen: new Map(), ready: false, early: [] };
    tasks.add(stream);
    const rows = await options.recentJobs(LIVE_JOB_LIMIT);
    for (const row of rows) deliver(stream, row);
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
