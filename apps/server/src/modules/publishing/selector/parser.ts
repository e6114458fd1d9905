import { APPSHEET_TABLES, type AppsheetTable } from '@openrescue/shared';
import { type ColumnType, findColumn, SELECTOR_COLUMNS } from './columns.js';
import { near, SelectorError, type Token, tokenize } from './tokenizer.js';

export type CmpOp = '=' | '<>' | '<' | '<=' | '>' | '>=';

/** A value checked against its column: a number for id columns, text otherwise; `local` times are America/Vancouver. */
export type SqlValue =
  { kind: 'number'; value: number } | { kind: 'text'; value: string } | { kind: 'time'; value: string; local: boolean };

export type Cond =
  | { kind: 'and' | 'or'; items: Cond[] }
  | { kind: 'not'; item: Cond }
  | { kind: 'const'; value: boolean }
  | { kind: 'cmp'; column: string; op: CmpOp; value: SqlValue }
  | { kind: 'in'; column: string; values: SqlValue[] }
  | { kind: 'blank'; column: string; blank: boolean }
  | { kind: 'startswith'; column: string; prefix: string };

export interface OrderKey {
  column: string;
  desc: boolean;
}

/** The meaning of a Selector: which rows (where), in which order, how many at most (Top). */
export interface SelectorQuery {
  table: AppsheetTable;
  where: Cond | null;
  order: OrderKey[];
  limit: number | null;
}

export const MAX_DEPTH = 32;
export const MAX_CONDITIONS = 500;
export const MAX_LIST = 1000;
export const MAX_ORDER_KEYS = 5;
export const MAX_TOP = 1_000_000;

const FLIP: Record<CmpOp, CmpOp> = { '=': '=', '<>': '<>', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
const INT4 = 2_147_483_647;

function describe(t: Token): string {
  switch (t.kind) {
    case 'eof':
      return 'the end of the Selector';
    case 'column':
      return `[${t.text}]`;
    case 'string':
      return `"${t.text.slice(0, 20)}"`;
    default:
      return `"${t.text}"`;
  }
}

function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const TIME = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?)?(Z|[+-](\d{2})(?::?(\d{2}))?)?$/;

/** A date or date-time text as PostgreSQL reads it, or null. Without an offset it is Pacific time (spec 7.1 Timezone). */
function timeValue(text: string): SqlValue | null {
  const m = TIME.exec(text);
  if (!m || !isCalendarDate(m[1])) return null;
  const [hh, mm, ss, zone, zh, zm] = [m[2], m[3], m[4], m[5], m[6], m[7]];
  if (hh !== undefined && (Number(hh) > 23 || Number(mm) > 59 || Number(ss ?? 0) > 59)) return null;
  if (zh !== undefined && (Number(zh) > 15 || Number(zm ?? 0) > 59)) return null;
  if (!zone && hh === undefined) return { kind: 'time', value: m[1], local: true };
  return { kind: 'time', value: text.replace(' ', 'T'), local: !zone };
}

class Parser {
  private i = 0;
  private conditions = 0;

  constructor(
    private tokens: Token[],
    private text: string,
    private table: AppsheetTable,
  ) {}

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)];
  }
  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.i++;
    return t;
  }
  private fail(message: string, t: Token = this.peek()): never {
    throw new SelectorError(message, t.pos);
  }
  private expect(kind: Token['kind'], what: string): Token {
    const t = this.peek();
    if (t.kind !== kind) this.fail(`Expected ${what} but found ${describe(t)}`);
    return this.next();
  }
  private isIdent(name: string, offset = 0): boolean {
    const t = this.peek(offset);
    return t.kind === 'ident' && t.text.toUpperCase() === name;
  }
  private deeper(depth: number): number {
    if (depth >= MAX_DEPTH) this.fail(`The Selector nests deeper than ${MAX_DEPTH} levels`);
    return depth + 1;
  }

  query(): SelectorQuery {
    const q = this.tableExpr(0);
    const end = this.peek();
    if (end.kind !== 'eof') this.fail(`Unexpected ${describe(end)} after the end of the Selector`);
    return q;
  }

  private tableExpr(depth: number): SelectorQuery {
    const d = this.deeper(depth);
    const t = this.peek();
    if (t.kind !== 'ident')
      this.fail(`Expected ${this.table}, Filter(...), OrderBy(...) or Top(...) but found ${describe(t)}`);
    const name = t.text.toUpperCase();
    const opens = this.peek(1).kind === 'lparen';
    if (!opens) {
      this.tableName();
      return { table: this.table, where: null, order: [], limit: null };
    }
    if (name === 'FILTER') {
      this.next();
      this.expect('lparen', '"(" after Filter');
      this.tableName();
      this.expect('comma', `"," after the table name in Filter`);
      const where = this.cond(d);
      this.expect('rparen', '")" to close Filter');
      return { table: this.table, where, order: [], limit: null };
    }
    if (name === 'ORDERBY') {
      this.next();
      this.expect('lparen', '"(" after OrderBy');
      const inner = this.tableExpr(d);
      if (inner.limit !== null) this.fail('OrderBy cannot sort the result of Top: write Top(OrderBy(...), n)', t);
      const keys: OrderKey[] = [];
      do {
        this.expect('comma', `"," and a [column] to sort by`);
        const column = this.column();
        let desc = false;
        if (this.peek().kind === 'comma' && (this.isIdent('TRUE', 1) || this.isIdent('FALSE', 1))) {
          this.next();
          desc = this.next().text.toUpperCase() === 'TRUE';
        }
        if (keys.length >= MAX_ORDER_KEYS) this.fail(`OrderBy takes at most ${MAX_ORDER_KEYS} columns`);
        keys.push({ column, desc });
      } while (this.peek().kind === 'comma');
      this.expect('rparen', '")" to close OrderBy');
      return { ...inner, order: [...keys, ...inner.order.filter((o) => !keys.some((k) => k.column === o.column))] };
    }
    if (name === 'TOP') {
      this.next();
      this.expect('lparen', '"(" after Top');
      const inner = this.tableExpr(d);
      this.expect('comma', '"," and a number of rows in Top');
      const n = this.expect('number', 'a number of rows');
      const count = Number(n.text);
      if (!Number.isInteger(count) || count < 1 || count > MAX_TOP)
        this.fail(`Top takes a whole number from 1 to ${MAX_TOP}`, n);
      this.expect('rparen', '")" to close Top');
      return { ...inner, limit: inner.limit === null ? count : Math.min(inner.limit, count) };
    }
    return this.fail(`Unknown function ${t.text}: expected Filter, OrderBy or Top`);
  }

  private tableName() {
    const t = this.expect('ident', `the table name ${this.table}`);
    if (t.text.toLowerCase() === this.table.toLowerCase()) return;
    const other = APPSHEET_TABLES.find((x) => x.toLowerCase() === t.text.toLowerCase());
    if (other) this.fail(`The Selector reads ${other} but this call is for ${this.table}`, t);
    this.fail(`Unknown table ${t.text}: expected ${this.table}`, t);
  }

  private column(): string {
    const t = this.expect('column', 'a [column]');
    const found = findColumn(this.table, t.text);
    if (!found) {
      const known = Object.keys(SELECTOR_COLUMNS[this.table]).join(', ');
      this.fail(`Unknown column [${t.text}] in ${this.table}; known columns: ${known}`, t);
    }
    return found.name;
  }

  private columnType(column: string): ColumnType {
    return SELECTOR_COLUMNS[this.table][column].type;
  }

  private count() {
    if (++this.conditions > MAX_CONDITIONS) this.fail(`The Selector has more than ${MAX_CONDITIONS} conditions`);
  }

  private cond(depth: number): Cond {
    const d = this.deeper(depth);
    this.count();
    const t = this.peek();
    if (t.kind === 'ident' && this.peek(1).kind === 'lparen') {
      const name = t.text.toUpperCase();
      if (name === 'AND' || name === 'OR') {
        this.next();
        this.next();
        const items = [this.cond(d)];
        while (this.peek().kind === 'comma') {
          this.next();
          items.push(this.cond(d));
        }
        this.expect('rparen', `"," or ")" in ${name}`);
        return { kind: name === 'AND' ? 'and' : 'or', items };
      }
      if (name === 'NOT') {
        this.next();
        this.next();
        const item = this.cond(d);
        this.expect('rparen', '")" to close NOT');
        return { kind: 'not', item };
      }
      if (name === 'IN') return this.inList();
      if (name === 'ISBLANK' || name === 'ISNOTBLANK') {
        this.next();
        this.next();
        const column = this.column();
        this.expect('rparen', `")" to close ${name}`);
        return { kind: 'blank', column, blank: name === 'ISBLANK' };
      }
      if (name === 'STARTSWITH') {
        this.next();
        this.next();
        const column = this.column();
        if (this.columnType(column) !== 'text') this.fail(`STARTSWITH needs a text column; [${column}] is not text`);
        this.expect('comma', '"," and a text in STARTSWITH');
        const prefix = this.expect('string', 'a "text" to start with').text;
        this.expect('rparen', '")" to close STARTSWITH');
        return { kind: 'startswith', column, prefix };
      }
      if (name !== 'DATE')
        this.fail(
          `Unknown function ${t.text} in a condition: expected AND, OR, NOT, IN, ISBLANK, ISNOTBLANK or STARTSWITH`,
        );
    }
    if ((this.isIdent('TRUE') || this.isIdent('FALSE')) && this.peek(1).kind !== 'op') {
      return { kind: 'const', value: this.next().text.toUpperCase() === 'TRUE' };
    }
    if (t.kind === 'column') {
      const column = this.column();
      const op = this.expect('op', `a comparison (=, <>, <, <=, >, >=) after [${column}]`).text as CmpOp;
      return { kind: 'cmp', column, op, value: this.value(column) };
    }
    if (t.kind === 'string' || t.kind === 'number' || t.kind === 'ident') {
      const start = this.i;
      this.rawValue();
      const op = this.expect('op', 'a comparison (=, <>, <, <=, >, >=)').text as CmpOp;
      const column = this.column();
      const after = this.i;
      this.i = start;
      const value = this.value(column);
      this.i = after;
      return { kind: 'cmp', column, op: FLIP[op], value };
    }
    return this.fail(`Expected a condition but found ${describe(t)}`);
  }

  private inList(): Cond {
    this.next();
    this.next();
    const column = this.column();
    this.expect('comma', '"," and a LIST(...) or {...} in IN');
    let close: Token['kind'];
    if (this.isIdent('LIST') && this.peek(1).kind === 'lparen') {
      this.next();
      this.next();
      close = 'rparen';
    } else {
      this.expect('lbrace', 'LIST(...) or {...}');
      close = 'rbrace';
    }
    const values: SqlValue[] = [];
    if (this.peek().kind !== close) {
      values.push(this.value(column));
      while (this.peek().kind === 'comma') {
        this.next();
        if (values.length >= MAX_LIST) this.fail(`A list has more than ${MAX_LIST} values`);
        values.push(this.value(column));
      }
    }
    this.expect(close, close === 'rparen' ? '"," or ")" in LIST' : '"," or "}" in the list');
    this.expect('rparen', '")" to close IN');
    return values.length ? { kind: 'in', column, values } : { kind: 'const', value: false };
  }

  /** Skips one value (string, number, TRUE/FALSE or DATE("...")); returns its first token. */
  private rawValue(): Token {
    const t = this.peek();
    if (t.kind === 'string' || t.kind === 'number') return this.next();
    if (this.isIdent('TRUE') || this.isIdent('FALSE')) return this.next();
    if (this.isIdent('DATE') && this.peek(1).kind === 'lparen') {
      this.next();
      this.next();
      this.expect('string', 'a "YYYY-MM-DD" text in DATE');
      this.expect('rparen', '")" to close DATE');
      return t;
    }
    return this.fail(`Expected a value ("text", a number or DATE("YYYY-MM-DD")) but found ${describe(t)}`);
  }

  /** A value checked against the column it is compared with. */
  private value(column: string): SqlValue {
    const type = this.columnType(column);
    const t = this.peek();
    const isDate = this.isIdent('DATE');
    this.rawValue();
    const text = isDate ? this.tokens[this.i - 2].text : t.text;
    const wrong = (expected: string) =>
      this.fail(`[${column}] compares with ${expected}, not ${isDate ? 'DATE(...)' : describe(t)}`, t);
    if (t.kind === 'ident' && !isDate)
      wrong(type === 'text' ? 'a "text"' : type === 'date' || type === 'timestamp' ? 'a date' : 'a number');
    if (type === 'int' || type === 'bigint') {
      if (isDate || !/^-?\d{1,16}$/.test(text)) wrong('a whole number');
      const n = Number(text);
      const max = type === 'int' ? INT4 : Number.MAX_SAFE_INTEGER;
      if (!Number.isSafeInteger(n) || n > max || n < -max - 1) this.fail(`${text} is out of range for [${column}]`, t);
      return { kind: 'number', value: n };
    }
    if (type === 'text') {
      if (t.kind !== 'string') wrong('a "text"');
      return { kind: 'text', value: text };
    }
    if (t.kind === 'number') wrong('a date in quotes, e.g. "2025-01-01"');
    if (type === 'date') {
      if (!isCalendarDate(text))
        this.fail(`[${column}] compares with a date "YYYY-MM-DD"; "${text.slice(0, 30)}" is not one`, t);
      return { kind: 'text', value: text };
    }
    const time = isDate ? (isCalendarDate(text) ? timeValue(text) : null) : timeValue(text);
    if (!time)
      this.fail(
        `[${column}] compares with a date or date-time like "2025-01-01T08:00:00Z"; "${text.slice(0, 30)}" is not one`,
        t,
      );
    return time;
  }
}

/** Parses a Selector for `table`; throws SelectorError (with the offset it stopped at) for anything else. */
export function parseSelector(text: string, table: AppsheetTable): SelectorQuery {
  const tokens = tokenize(text);
  if (tokens.length === 1) throw new SelectorError('The Selector is empty', 0);
  return new Parser(tokens, text, table).query();
}

/** The detail of a 400: what was not understood and where. */
export function selectorErrorDetail(error: SelectorError, text: string): string {
  return `${error.message} (at character ${error.pos + 1}, near ${near(text, error.pos)})`;
}
