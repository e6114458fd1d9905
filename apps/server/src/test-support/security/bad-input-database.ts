import { sql } from 'kysely';
import type { Database } from '../../db/connection.js';

/**
 * Columns that change on a request the server refuses, by design, and so stay out of the checksums:
 * integration_key.last_used_at is stamped when a key authenticates, before the body is read (transcripts.service.ts).
 * Every other column of every table in the public schema is summed: sessions, the job, mail and idempotency tables
 * and the debug log included, since a request with a bearer token writes none of them.
 */
export const VOLATILE_COLUMNS: Record<string, string[]> = { integration_key: ['last_used_at'] };
/**
 * Tables a refused request writes by design, left out whole: rate_limit_window counts every request to a
 * rate-limited route, refused ones included (the public network endpoints count wrong secrets: decision 0040);
 * poster_link gets a store's poster code when a poster is first read, by any request that may read it (decision 0050).
 */
export const VOLATILE_TABLES = new Set(['rate_limit_window', 'poster_link']);

export type TableSums = Record<string, string>;

async function tableColumns(database: Database) {
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`.execute(database.db);
  const byTable = new Map<string, string[]>();
  for (const r of rows) {
    if (VOLATILE_TABLES.has(r.table_name)) continue;
    if (VOLATILE_COLUMNS[r.table_name]?.includes(r.column_name)) continue;
    byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
  }
  return byTable;
}

/** Row count and an md5 over every row's text, per table. */
export async function tableSums(database: Database): Promise<TableSums> {
  const sums: TableSums = {};
  for (const [table, columns] of await tableColumns(database)) {
    const row = `row(${columns.map((c) => `t."${c}"`).join(', ')})::text`;
    const { rows } = await sql<{ n: string; sum: string | null }>`
      select count(*)::text as n, md5(string_agg(${sql.raw(row)}, ',' order by ${sql.raw(row)})) as sum
      from ${sql.table(table)} t`.execute(database.db);
    sums[table] = `${rows[0].n} ${rows[0].sum ?? '-'}`;
  }
  return sums;
}

export function changedTables(before: TableSums, after: TableSums): string[] {
  const tables = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...tables].filter((t) => before[t] !== after[t]).sort();
}

/** Waits until background work started with the app (resumed jobs, stored demo documents) leaves the tables alone. */
export async function settledSums(database: Database, timeoutMs = 30_000): Promise<TableSums> {
  const deadline = Date.now() + timeoutMs;
  let last = await tableSums(database);
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const next = await tableSums(database);
    if (changedTables(last, next).length === 0) return next;
    if (Date.now() > deadline) throw new Error(`tables keep changing: ${changedTables(last, next).join(', ')}`);
    last = next;
  }
}

/** Tables holding the text anywhere in a row: an unknown field's marker must be in none. */
export async function tablesContaining(database: Database, text: string): Promise<string[]> {
  const found: string[] = [];
  for (const table of (await tableColumns(database)).keys()) {
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)} t where strpos(t::text, ${text}) > 0`.execute(database.db);
    if (Number(rows[0].n) > 0) found.push(table);
  }
  return found;
}
