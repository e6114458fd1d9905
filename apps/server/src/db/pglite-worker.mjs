// Runs PGlite in its own thread: its queries block the thread they run on, so the HTTP server stays responsive.
// Plain JavaScript so it starts without a TypeScript loader in the worker.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { parse as protocolResults, PGlite, protocol } from '@electric-sql/pglite';

// Same value types as the pg driver (connection.ts): numeric and int8 as numbers, date as 'YYYY-MM-DD' text.
const parsers = { 20: Number, 1700: Number, 1082: (value) => value };
// workerData.template: a dump of an in-memory database to start from instead of an empty one (tests: one migrated
// database copied per test file is ~3 s faster than initialising and migrating each).
const loadDataDir = workerData.template ? new Blob([readFileSync(workerData.template)]) : undefined;
// PostgreSQL's page cache inside PGlite's WASM memory, which never shrinks: 32MB instead of its 128MB default took
// the server's RSS under the API load test from a median of 617 to 466 MB at the same throughput (bench/api-load-bench.ts).
// PGLITE_SHARED_BUFFERS overrides it (validated in config/env.ts).
const startParams = [
  ...PGlite.defaultStartParams,
  '-c',
  `shared_buffers=${process.env.PGLITE_SHARED_BUFFERS || '32MB'}`,
];
// workerData.pgliteWasmModule: the engine, compiled once per process (pglite-bridge.ts).
const db = await PGlite.create(workerData.dataDir || undefined, {
  parsers,
  loadDataDir,
  startParams,
  pgliteWasmModule: workerData.pgliteWasmModule,
});
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

// PGlite's query() sends the extended protocol's six messages (parse, describe, bind, describe, execute, sync) as six
// calls into PostgreSQL, the first describe only to learn the parameters' types. Here the types are remembered by
// statement text and the other five messages go in one call: the dashboard's totals query took 0.50 ms instead of
// 0.65 ms, a lookup by id 0.15 instead of 0.20. Same locks, serializers and parsers as query().
const { serialize } = protocol;
// At most 5,000 statements of up to 4,000 characters (~20 MB at worst); a longer text (a bulk insert's thousands of
// parameters) is described each time, as query() does.
const PARAM_TYPES_KEPT = 5_000;
const PARAM_TYPES_MAX_TEXT = 4_000;
const paramTypes = new Map();

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

async function typesOf(sql) {
  let types = paramTypes.get(sql);
  if (!types) {
    const { messages } = await db.execProtocol(
      concat([serialize.parse({ text: sql }), serialize.describe({ type: 'S' }), serialize.sync()]),
      { syncToFs: false },
    );
    types = protocolResults.parseDescribeStatementResults(messages);
    if (sql.length <= PARAM_TYPES_MAX_TEXT) {
      if (paramTypes.size >= PARAM_TYPES_KEPT) paramTypes.clear();
      paramTypes.set(sql, types);
    }
  }
  return types;
}

async function runQuery(sql, params, inTransaction) {
  const types = await typesOf(sql);
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[types[i]];
    return serializer ? serializer(value) : value.toString();
  });
  const message = concat([
    serialize.parse({ text: sql }),
    serialize.bind({ values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  const { messages } = await db.execProtocol(message, { syncToFs: false });
  if (!inTransaction) await db.syncToFs();
  return protocolResults.parseResults(messages, db.parsers, { rowMode: 'object' })[0];
}

async function handle(msg) {
  switch (msg.op) {
    case 'query': {
      const params = msg.params ?? [];
      let result;
      if (msg.txId) {
        // inside db.transaction(): it holds the transaction lock, as tx.query() does
        if (!transactions.get(msg.txId)?.tx) throw new Error(`unknown transaction ${msg.txId}`);
        result = await db._runExclusiveQuery(() => runQuery(msg.sql, params, true));
      } else {
        result = await db._runExclusiveTransaction(() => db._runExclusiveQuery(() => runQuery(msg.sql, params, false)));
      }
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
