import { Worker } from 'node:worker_threads';

export interface BridgeResult {
  rows: Record<string, unknown>[];
  affectedRows: number | null;
}

/** What the worker posts: `{ ready: true }` once, then one answer per statement, matched by id. */
type WorkerMessage = { ready?: boolean; id?: number; result?: unknown; error?: { message: string } };
type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

/** Talks to the PGlite worker thread: one message per statement, answers matched by id. */
export class PGliteBridge {
  private worker: Worker;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private ready: Promise<void>;

  /** `template`: a file written by dump() to start an in-memory database from. */
  constructor(dataDir: string | null, template?: string) {
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir, template } });
    this.ready = new Promise((resolve, reject) => {
      const onMessage = (msg: WorkerMessage) => {
        if (msg?.ready) {
          this.worker.off('message', onMessage);
          resolve();
        }
      };
      this.worker.on('message', onMessage);
      this.worker.once('error', reject);
    });
    this.worker.on('message', (msg: WorkerMessage) => {
      if (msg?.id === undefined) return;
      const pending = this.pending.get(msg.id);
      if (!pending) return;
      this.pending.delete(msg.id);
      if (msg.error) pending.reject(Object.assign(new Error(msg.error.message), msg.error));
      else pending.resolve(msg.result);
    });
    this.worker.on('error', (error) => {
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    });
  }

  private async call<T>(msg: Record<string, unknown>): Promise<T> {
    await this.ready;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  query(sql: string, params: readonly unknown[], txId?: number): Promise<BridgeResult> {
    return this.call({ op: 'query', sql, params, txId });
  }
  exec(sql: string): Promise<void> {
    return this.call({ op: 'exec', sql });
  }
  async begin(): Promise<number> {
    return (await this.call<{ txId: number }>({ op: 'begin' })).txId;
  }
  commit(txId: number): Promise<void> {
    return this.call({ op: 'commit', txId });
  }
  rollback(txId: number): Promise<void> {
    return this.call({ op: 'rollback', txId });
  }
  /** The whole database as a tarball (PGlite's dumpDataDir). */
  async dump(): Promise<Uint8Array> {
    return (await this.call<{ bytes: Uint8Array }>({ op: 'dump' })).bytes;
  }
  async close(): Promise<void> {
    try {
      await this.call({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }
}
