import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';

export interface BridgeResult {
  rows: Record<string, unknown>[];
  affectedRows: number | null;
}

/** What the worker posts: `{ ready: true }` once, then one answer per statement, matched by id. */
type WorkerMessage = { ready?: boolean; id?: number; result?: unknown; error?: { message: string } };
type Pending = { resolve: (v: unknown) => void; reject: (e: Error) => void };

let engine: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's engine (pglite.wasm, 9 MB), compiled once per process and handed to each database's thread, which would
 * otherwise compile it again: ~0.4 s of CPU per database opened, and the API tests open over a hundred.
 */
function compiledEngine(): Promise<WebAssembly.Module> {
  engine ??= readFile(
    join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'),
  ).then((bytes) => WebAssembly.compile(bytes as Uint8Array<ArrayBuffer>));
  return engine;
}

/** Talks to the PGlite worker thread: one message per statement, answers matched by id. */
export class PGliteBridge {
  private worker: Promise<Worker>;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private ready: Promise<void>;

  /** `template`: a file written by dump() to start an in-memory database from. */
  constructor(dataDir: string | null, template?: string) {
    this.worker = compiledEngine().then(
      (pgliteWasmModule) =>
        new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
          workerData: { dataDir, template, pgliteWasmModule },
        }),
    );
    this.ready = this.worker.then((worker) => this.listen(worker));
  }

  private listen(worker: Worker): Promise<void> {
    const ready = new Promise<void>((resolve, reject) => {
      const onMessage = (msg: WorkerMessage) => {
        if (msg?.ready) {
          worker.off('message', onMessage);
          resolve();
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    worker.on('message', (msg: WorkerMessage) => {
      if (msg?.id === undefined) return;
      const pending = this.pending.get(msg.id);
      if (!pending) return;
      this.pending.delete(msg.id);
      if (msg.error) pending.reject(Object.assign(new Error(msg.error.message), msg.error));
      else pending.resolve(msg.result);
    });
    worker.on('error', (error) => {
      for (const p of this.pending.values()) p.reject(error);
      this.pending.clear();
    });
    return ready;
  }

  private async call<T>(msg: Record<string, unknown>): Promise<T> {
    await this.ready;
    const worker = await this.worker;
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...msg, id });
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
      await (await this.worker).terminate();
    }
  }
}
