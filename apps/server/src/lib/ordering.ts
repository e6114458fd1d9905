import type { OrderKey } from '@openrescue/shared';
import { sql, type RawBuilder } from 'kysely';

/** How one sortable key reads in SQL: a column (or expression), and whether it is text. */
export interface SortColumn {
  sql: RawBuilder<unknown>;
  /** Text sorts without regard to case, by code point (`collate "C"`): the same order on PGlite and PostgreSQL. */
  text?: boolean;
}

/**
 * The ORDER BY list of a console list (decision 0065): the chosen keys (or the list's default), empty values last in
 * either direction, then `tiebreak` (the row's id, or its natural key) in the direction of the first key, so rows
 * with equal keys keep one order from page to page. The keys come from the contract's allow-list only.
 */
export function orderBySql<K extends string>(
  order: readonly OrderKey<K>[] | undefined,
  fallback: readonly OrderKey<K>[],
  columns: Record<K, SortColumn>,
  tiebreak: RawBuilder<unknown>[],
): RawBuilder<unknown> {
  const keys = order?.length ? order : fallback;
  const dir = (desc: boolean) => (desc ? sql`desc` : sql`asc`);
  const parts = keys.map(({ key, desc }) => {
    const column = columns[key];
    const value = column.text ? sql`lower(${column.sql}) collate "C"` : column.sql;
    return sql`${value} ${dir(desc)} nulls last`;
  });
  const last = dir(keys[0]?.desc ?? false);
  return sql.join([...parts, ...tiebreak.map((t) => sql`${t} ${last}`)]);
}
