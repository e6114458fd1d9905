import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../schema.js';

export interface UnnestColumn {
  name: string;
  /** PostgreSQL element type of the array parameter, e.g. 'int', 'float8', 'text'. */
  type: string;
  /** SQL expression over the unnested value `u.<name>`; defaults to the value itself. */
  expr?: string;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
const TYPE = /^[a-z0-9_ ]+$/;

/**
 * One INSERT ... SELECT FROM unnest($1::t1[], $2::t2[], ...) for many rows: one statement and one round trip
 * per batch, on PGlite and PostgreSQL alike. `constants` are SQL literals for columns with one value.
 */
export async function insertUnnest(
  db: Kysely<DB>,
  table: string,
  columns: readonly UnnestColumn[],
  arrays: readonly unknown[][],
  constants: Record<string, RawBuilder<unknown>> = {},
): Promise<void> {
  if (!IDENT.test(table)) throw new Error(`Bad table name ${table}`);
  for (const c of columns) if (!IDENT.test(c.name) || !TYPE.test(c.type)) throw new Error(`Bad column ${c.name}`);
  if (arrays.length !== columns.length) throw new Error('One array per column');
  if (arrays[0].length === 0) return;
  const names = [...columns.map((c) => c.name), ...Object.keys(constants)];
  for (const n of names) if (!IDENT.test(n)) throw new Error(`Bad column ${n}`);
  const params = sql.join(columns.map((c, i) => sql`${arrays[i]}::${sql.raw(c.type)}[]`));
  const selects = sql.join([...columns.map((c) => sql.raw(c.expr ?? `u.${c.name}`)), ...Object.values(constants)]);
  await sql`insert into ${sql.raw(table)} (${sql.raw(names.join(', '))})
    select ${selects} from unnest(${params}) as u(${sql.raw(columns.map((c) => c.name).join(', '))})`.execute(db);
}

interface Definition {
  name: string;
  def: string;
}

/**
 * Runs a bulk load with the table's secondary indexes and foreign keys removed, then rebuilds them from their
 * own catalog definitions (much faster than maintaining them row by row). Call it inside a transaction so a
 * failure leaves the table exactly as it was.
 */
export async function withIndexesDeferred<T>(trx: Kysely<DB>, table: string, load: () => Promise<T>): Promise<T> {
  if (!IDENT.test(table)) throw new Error(`Bad table name ${table}`);
  const foreignKeys = await sql<Definition>`
    select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where conrelid = ${table}::regclass and contype = 'f' order by conname`.execute(trx);
  const indexes = await sql<Definition>`
    select i.relname as name, pg_get_indexdef(i.oid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid
    where x.indrelid = ${table}::regclass and not x.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = i.oid)
    order by i.relname`.execute(trx);
  for (const fk of foreignKeys.rows) {
    await sql`alter table ${sql.id(table)} drop constraint ${sql.id(fk.name)}`.execute(trx);
  }
  for (const index of indexes.rows) await sql`drop index ${sql.id(index.name)}`.execute(trx);
  const result = await load();
  for (const index of indexes.rows) await sql.raw(index.def).execute(trx);
  for (const fk of foreignKeys.rows) {
    await sql`alter table ${sql.id(table)} add constraint ${sql.id(fk.name)} ${sql.raw(fk.def)}`.execute(trx);
  }
  return result;
}

/** Inserts rows in chunks small enough for the 65,535-parameter limit of one statement. */
export async function insertChunked<T extends Record<string, unknown>>(
  insert: (rows: T[]) => Promise<unknown>,
  rows: T[],
  chunk = 500,
): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) await insert(rows.slice(i, i + chunk));
}

/** Moves an identity column's sequence past the ids inserted explicitly. */
export async function syncIdentity(db: Kysely<DB>, table: string, column = 'id'): Promise<void> {
  if (!IDENT.test(table) || !IDENT.test(column)) throw new Error(`Bad identifier ${table}.${column}`);
  await sql`select setval(pg_get_serial_sequence(${table}, ${column}),
    coalesce((select max(${sql.id(column)}) from ${sql.id(table)}), 0) + 1, false)`.execute(db);
}
