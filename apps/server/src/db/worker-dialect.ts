import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';
import type { PGliteBridge } from './pglite-bridge.js';

class BridgeConnection implements DatabaseConnection {
  txId: number | undefined;
  constructor(private bridge: PGliteBridge) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await this.bridge.query(query.sql, query.parameters, this.txId);
    return {
      rows: rows as R[],
      numAffectedRows: affectedRows !== null ? BigInt(affectedRows) : undefined,
    };
  }

  // eslint-disable-next-line require-yield -- the driver interface wants a generator; PGlite cannot stream
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by PGlite.');
  }
}

/** Each Kysely connection is a handle; the worker serialises statements and holds transactions apart. */
class BridgeDriver implements Driver {
  constructor(private bridge: PGliteBridge) {}
  async init() {}
  async acquireConnection() {
    return new BridgeConnection(this.bridge);
  }
  async beginTransaction(connection: DatabaseConnection) {
    (connection as BridgeConnection).txId = await this.bridge.begin();
  }
  async commitTransaction(connection: DatabaseConnection) {
    const c = connection as BridgeConnection;
    const txId = c.txId!;
    c.txId = undefined;
    await this.bridge.commit(txId);
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    const c = connection as BridgeConnection;
    const txId = c.txId!;
    c.txId = undefined;
    await this.bridge.rollback(txId);
  }
  async releaseConnection() {}
  async destroy() {
    await this.bridge.close();
  }
}

export class PGliteWorkerDialect implements Dialect {
  constructor(private bridge: PGliteBridge) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver() {
    return new BridgeDriver(this.bridge);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's Dialect interface declares it so
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db);
  }
}
