import { REPORT_TIME_ZONE } from '@openrescue/shared';
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, sql, type SqlBool } from 'kysely';
import { SELECTOR_COLUMNS } from './columns.js';
import type { Cond, SelectorQuery, SqlValue } from './parser.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- the table is chosen at run time from the whitelist */
type AnyEb = ExpressionBuilder<any, any>;

/** `\`, `%` and `_` match themselves in a LIKE pattern (PostgreSQL's default escape is the backslash). */
export function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function valueExpression(eb: AnyEb, v: SqlValue): Expression<unknown> {
  if (v.kind !== 'time') return eb.val(v.value);
  // A date-time without an offset is Pacific time (spec 7.1 Properties Timezone); the zone is a parameter too.
  return v.local ? sql`(${v.value}::timestamp at time zone ${REPORT_TIME_ZONE})` : sql`${v.value}::timestamptz`;
}

/**
 * The condition as a Kysely expression. Column references come from the whitelist (columns.ts) by their checked
 * names; every value is a bound parameter.
 */
export function conditionExpression(eb: AnyEb, q: SelectorQuery, cond: Cond): Expression<SqlBool> {
  const ref = (column: string) => sql.ref(SELECTOR_COLUMNS[q.table][column].sql);
  switch (cond.kind) {
    case 'const':
      return eb.lit(cond.value) as unknown as Expression<SqlBool>;
    case 'and':
      return eb.and(cond.items.map((c) => conditionExpression(eb, q, c)));
    case 'or':
      return eb.or(cond.items.map((c) => conditionExpression(eb, q, c)));
    case 'not':
      return eb.not(conditionExpression(eb, q, cond.item));
    case 'cmp':
      return eb(ref(cond.column), cond.op, valueExpression(eb, cond.value));
    case 'in':
      return eb(
        ref(cond.column),
        'in',
        cond.values.map((v) => valueExpression(eb, v)),
      );
    case 'blank':
      return eb(ref(cond.column), cond.blank ? 'is' : 'is not', null);
    case 'startswith':
      return eb(ref(cond.column), 'like', likePrefix(cond.prefix));
  }
}

/** Adds the Selector's where clause (and an optional id list) to a query over `<table> as t`. */
export function applyWhere<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, q: SelectorQuery, ids?: number[]): QB {
  let out = qb;
  if (q.where) out = out.where((eb) => conditionExpression(eb, q, q.where!)) as QB;
  if (ids?.length) out = out.where(sql.ref('t.id'), 'in', ids) as QB;
  return out;
}

/** Adds the Selector's order, then t.id (ascending) so that pages never overlap. */
export function applyOrder<QB extends SelectQueryBuilder<any, any, any>>(qb: QB, q: SelectorQuery): QB {
  let out = qb;
  for (const key of q.order) {
    out = out.orderBy(sql.ref(SELECTOR_COLUMNS[q.table][key.column].sql), key.desc ? 'desc' : 'asc') as QB;
  }
  if (!q.order.some((k) => k.column === 'id')) out = out.orderBy(sql.ref('t.id'), 'asc') as QB;
  return out;
}
