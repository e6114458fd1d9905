// Runs PGlite in its own thread: its queries block the thread they run on, so the HTTP server stays responsive.
// Plain JavaScript so it starts without a TypeScript loader in the worker.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// Same value types as the pg driver (connection.ts): numeric and int8 as numbers, date as 'YYYY-MM-DD' text.
const parsers = { 20: Number, 1700: Number, 1082: (value) => value };
// workerData.template: a dump of an in-memory database to start from instead of an empty one (tests: one migrated
// database copied per test file is ~3 s faster than initialising and migrating each).
const loadDataDir = workerData.template ? new Blob([readFileSync(workerData.template)]) : undefined;
// PostgreSQL's page cache inside PGlite's WASM memory, which never shrinks: 32MB instead of its 128MB default took
// the server's RSS under the API load test from a median of 617 to 466 MB at the same throughput (bench/README.md).
// PGLITE_SHARED_BUFFERS overrides it (validated in config/env.ts).
const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${process.env.PGLITE_SHARED_BUFFERS || '32MB'}`];
const db = await PGlite.create(workerData.dataDir || undefined, { parsers, loadDataDir, startParams });
const transactions = new Map();
let nextTxId = 1;

function serializeError(error) {
  const out = { message: String(error?.message ?? error) };
  for (const key of ['code', 'detail', 'constraint', 'table', 'column', 'severity', 'hint', 'schema']) {
    if (error && error[key] !== undefined) out[key] = error[key];
  }
  return out;
}

function begin() {
  return new Promise((resolveBegun, rejectBegun) => {
    const txId = nextTxId++;
    let finish;
    const finished = new Promise((resolve, reject) => (finish = { resolve, reject }));
    const closed = db
      .transaction(async (tx) => {
        transactions.set(txId, { tx, finish, closed });
        resolveBegun(txId);
        await finished;
      })
      .catch((error) => {
        if (!transactions.has(txId)) rejectBegun(error);
        throw error;
      });
    closed.catch(() => {});
    transactions.set(txId, { tx: null, finish, closed });
  });
}

async function end(txId, commit) {
  const entry = transactions.get(txId);
  if (!entry) throw new Error(`unknown transaction ${txId}`);
  transactions.delete(txId);
  if (commit) entry.finish.resolve();
  else entry.finish.reject(new Error('rollback'));
  try {
    await entry.closed;
  } catch (error) {
    if (commit) throw error;
  }
}

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      const target = msg.txId ? transactions.get(msg.txId)?.tx : db;
      if (!target) throw new Error(`unknown transaction ${msg.txId}`);
      const result = await target.query(msg.sql, msg.params ?? [], { rowMode: 'object' });
      return { rows: result.rows ?? [], affectedRows: result.affectedRows ?? null };
    }
    case 'exec':
      await db.exec(msg.sql);
      return {};
    case 'begin':
      return { txId: await begin() };
    case 'commit':
      await end(msg.txId, true);
      return {};
    case 'rollback':
      await end(msg.txId, false);
      return {};
    case 'close':
      await db.close();
      return {};
    case 'dump':
      return { bytes: new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer()) };
    default:
      throw new Error(`unknown op ${msg.op}`);
  }
}

parentPort.on('message', (msg) => {
  handle(msg).then(
    (result) => parentPort.postMessage({ id: msg.id, result }),
    (error) => parentPort.postMessage({ id: msg.id, error: serializeError(error) }),
  );
});
parentPort.postMessage({ ready: true });
