import { APPSHEET_TABLES, type AppsheetTable } from '@openrescue/shared';
import fc from 'fast-check';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DB } from '../../../db/schema.js';
import { SELECTOR_COLUMNS } from './columns.js';
import { applyOrder, applyWhere, likePrefix } from './compile.js';
import { MAX_DEPTH, parseSelector, selectorErrorDetail, type SelectorQuery } from './parser.js';
import { SelectorError } from './tokenizer.js';

/** Compiles without a database: the SQL text and parameters Kysely would send. */
const compiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const TABLE_SQL = { GeneratedFile: 'generated_file', PublishFile: 'publish_file', Company: 'company' } as const;

function compile(q: SelectorQuery, ids?: number[]) {
  const base = compiler.selectFrom(`${TABLE_SQL[q.table]} as t` as any).select(sql`t.id`.as('id'));
  return applyOrder(applyWhere(base, q, ids), q).compile();
}

const SQL_WORDS = new Set([
  'select',
  'from',
  'where',
  'and',
  'or',
  'not',
  'in',
  'is',
  'null',
  'like',
  'order',
  'by',
  'asc',
  'desc',
  'as',
  'true',
  'false',
  'timestamp',
  'timestamptz',
  'at',
  'time',
  'zone',
  't',
  'id',
]);
const IDENTIFIERS = new Set<string>([
  't',
  'id',
  ...Object.values(TABLE_SQL),
  ...APPSHEET_TABLES.flatMap((t) => Object.keys(SELECTOR_COLUMNS[t])),
]);

/** Every piece of the SQL is a keyword, a whitelisted identifier, a $n placeholder or punctuation: no text from the caller. */
function assertOnlyPlaceholders(text: string) {
  const pieces = text.match(/"[^"]*"|\$\d+|[A-Za-z_]+|::|<>|<=|>=|[=<>(),*.]|\s+|./g) ?? [];
  for (const p of pieces) {
    if (/^\s+$/.test(p) || /^\$\d+$/.test(p) || /^(::|<>|<=|>=|[=<>(),*.])$/.test(p)) continue;
    if (p.startsWith('"')) {
      expect(IDENTIFIERS.has(p.slice(1, -1)), `identifier ${p} in ${text}`).toBe(true);
      continue;
    }
    expect(SQL_WORDS.has(p.toLowerCase()), `SQL piece ${JSON.stringify(p)} in ${text}`).toBe(true);
  }
}

function errorOf(text: string, table: AppsheetTable = 'GeneratedFile'): string {
  try {
    parseSelector(text, table);
  } catch (error) {
    if (error instanceof SelectorError) return selectorErrorDetail(error, text);
    throw error;
  }
  throw new Error(`parsed: ${text}`);
}

describe('Selector parser', () => {
  it('reads the DESIGN.md examples', () => {
    const q = parseSelector(
      'Filter(GeneratedFile, AND([entry_date] >= "2025-01-01", [company_id] = 4))',
      'GeneratedFile',
    );
    expect(q).toEqual({
      table: 'GeneratedFile',
      where: {
        kind: 'and',
        items: [
          { kind: 'cmp', column: 'entry_date', op: '>=', value: { kind: 'text', value: '2025-01-01' } },
          { kind: 'cmp', column: 'company_id', op: '=', value: { kind: 'number', value: 4 } },
        ],
      },
      order: [],
      limit: null,
    });
    const ordered = parseSelector(
      'OrderBy(Filter(GeneratedFile, OR([receiver_id] = 7, [company_id] = 4)), [creation_time], TRUE)',
      'GeneratedFile',
    );
    expect(ordered.order).toEqual([{ column: 'creation_time', desc: true }]);
    expect(ordered.where).toMatchObject({ kind: 'or' });
  });

  it('reads the rest of the documented subset', () => {
    const q = parseSelector(
      `top(orderby(filter(PublishFile, and(not([file_status] <> "READY"), in([company_id], LIST(1, 2, 3)),
        IN([receiver_id], {4}), ISBLANK([store_id]), isnotblank([entry_date]), "2025-02-01" > [entry_date],
        [file_change_time] < DATE("2026-01-01"), [file_change_time] >= '2025-06-01T10:00:00-07:00', TRUE)),
        [entry_date], FALSE, [id], TRUE), 10)`,
      'PublishFile',
    );
    expect(q.limit).toBe(10);
    expect(q.order).toEqual([
      { column: 'entry_date', desc: false },
      { column: 'id', desc: true },
    ]);
    const items = (q.where as { items: unknown[] }).items;
    expect(items[5]).toEqual({
      kind: 'cmp',
      column: 'entry_date',
      op: '<',
      value: { kind: 'text', value: '2025-02-01' },
    });
    expect(items[6]).toEqual({
      kind: 'cmp',
      column: 'file_change_time',
      op: '<',
      value: { kind: 'time', value: '2026-01-01', local: true },
    });
    expect(items[7]).toMatchObject({ value: { kind: 'time', value: '2025-06-01T10:00:00-07:00', local: false } });
    expect(parseSelector('Company', 'Company')).toEqual({ table: 'Company', where: null, order: [], limit: null });
    expect(parseSelector('Filter(Company, STARTSWITH([name], "Harvest"))', 'Company').where).toEqual({
      kind: 'startswith',
      column: 'name',
      prefix: 'Harvest',
    });
    expect(parseSelector(`Filter(Company, [name] = "O""Brien's")`, 'Company').where).toMatchObject({
      value: { value: `O"Brien's` },
    });
    expect(parseSelector('Filter(Company, IN([id], {}))', 'Company').where).toEqual({ kind: 'const', value: false });
  });

  it('answers everything else with what was not understood and where', () => {
    expect(errorOf('')).toBe('The Selector is empty (at character 1, near the end of the Selector)');
    expect(errorOf('Filter(GeneratedFile, [colour] = 4)')).toMatch(
      /^Unknown column \[colour\] in GeneratedFile; known columns: id, publish_file_id/,
    );
    expect(errorOf('Filter(GeneratedFile, [company_id] = "four")')).toMatch(
      /\[company_id\] compares with a whole number, not "four" \(at character 38, near ""four"\)"\)$/,
    );
    expect(errorOf('Filter(GeneratedFile, [entry_date] >= "2025-02-30")')).toMatch(/"2025-02-30" is not one/);
    expect(errorOf('Filter(GeneratedFile, [company_id] = 4')).toMatch(
      /^Expected "\)" to close Filter but found the end of the Selector/,
    );
    expect(errorOf('Filter(PublishFile, [company_id] = 4)')).toMatch(
      /^The Selector reads PublishFile but this call is for GeneratedFile/,
    );
    expect(errorOf('Select(GeneratedFile[id], TRUE)')).toMatch(
      /^Unknown function Select: expected Filter, OrderBy or Top/,
    );
    expect(errorOf('Filter(GeneratedFile, [company_id] = 4; drop table jobs)')).toMatch(/^Unexpected character ";/);
    expect(errorOf('Filter(GeneratedFile, [company_id] == 4)')).toMatch(
      /^Expected a value \("text", a number or DATE\("YYYY-MM-DD"\)\) but found "=" \(at character 37/,
    );
    expect(errorOf('Filter(GeneratedFile, CONTAINS([file_status], "X"))')).toMatch(
      /^Unknown function CONTAINS in a condition/,
    );
    expect(errorOf('Filter(GeneratedFile, [company_id] = 99999999999)')).toMatch(
      /99999999999 is out of range for \[company_id\]/,
    );
    expect(errorOf('Filter(GeneratedFile, [company_id] = 1.5)')).toMatch(/compares with a whole number, not "1.5"/);
    expect(errorOf('Filter(GeneratedFile, STARTSWITH([company_id], "1"))')).toMatch(/STARTSWITH needs a text column/);
    expect(errorOf('Filter(GeneratedFile, [file_status] = 4)')).toMatch(
      /\[file_status\] compares with a "text", not "4"/,
    );
    expect(errorOf('OrderBy(Top(GeneratedFile, 5), [id])')).toMatch(/OrderBy cannot sort the result of Top/);
    expect(errorOf('Filter(GeneratedFile, "a)')).toMatch(/^A text value is not closed/);
    expect(errorOf('Filter(GeneratedFile, [file_status] = "a\u0000")')).toMatch(
      /^The Selector contains a NUL character \(at character 41/,
    );
    const deep = `Filter(GeneratedFile, ${'NOT('.repeat(MAX_DEPTH + 1)}TRUE${')'.repeat(MAX_DEPTH + 1)})`;
    expect(errorOf(deep)).toMatch(/nests deeper than 32 levels/);
  });

  it('compiles to parameters only, with LIKE patterns escaped', () => {
    const q = parseSelector(
      `OrderBy(Filter(GeneratedFile, AND([entry_date] >= "2025-01-01", [company_id] = 4, STARTSWITH([file_status], "QUEUE:%_\\"),
        [creation_time] > "2025-01-01 08:00", [file_uri] <> "'; drop table jobs; --'")), [creation_time], TRUE)`,
      'GeneratedFile',
    );
    const compiled = compile(q, [5, 6]);
    assertOnlyPlaceholders(compiled.sql);
    expect(compiled.parameters).toEqual([
      '2025-01-01',
      4,
      'QUEUE:\\%\\_\\\\%',
      '2025-01-01T08:00',
      'America/Vancouver',
      `'; drop table jobs; --'`,
      5,
      6,
    ]);
    expect(compiled.sql).toContain('order by "t"."creation_time" desc, "t"."id" asc');
    expect(likePrefix('a_b%c\\')).toBe('a\\_b\\%c\\\\%');
  });
});

// ---- fuzzing ----

const TOKENS = [
  'Filter',
  'OrderBy',
  'Top',
  'AND',
  'OR',
  'NOT',
  'IN',
  'LIST',
  'ISBLANK',
  'ISNOTBLANK',
  'STARTSWITH',
  'DATE',
  'TRUE',
  'FALSE',
  'GeneratedFile',
  'PublishFile',
  'Company',
  '(',
  ')',
  ',',
  '{',
  '}',
  '=',
  '<>',
  '<',
  '<=',
  '>',
  '>=',
  '[id]',
  '[company_id]',
  '[entry_date]',
  '[creation_time]',
  '[file_status]',
  '[name]',
  '[nope]',
  '"2025-01-01"',
  '"x"',
  "'y'",
  '4',
  '-1',
  '1.5',
  '99999999999999999999',
  '"',
  '[',
  ']',
  ';',
  '--',
  ' ',
  '\\',
  '$1',
];

/** Random text, and random soup of the Selector's own words (which gets much deeper into the parser). */
const anyText = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((xs) => xs.join(' ')),
  fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((xs) => xs.join('')),
);

const literal = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    `'; drop table jobs; --`,
    `" OR 1=1 --`,
    '%',
    '_',
    '\\',
    '$1',
    'QUEUE:',
    "O'Brien",
    '\u{1F600}',
    '\uD800',
  ),
);
const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Well-formed GeneratedFile Selectors with random values: they must parse and compile to placeholders only. */
const column = (type: 'int' | 'date' | 'text' | 'time') =>
  fc.constantFrom(
    ...{
      int: ['id', 'company_id', 'receiver_id', 'publish_file_id'],
      date: ['entry_date'],
      text: ['file_status', 'file_uri', 'file_type'],
      time: ['creation_time'],
    }[type],
  );
const op = fc.constantFrom('=', '<>', '<', '<=', '>', '>=');
const isoDate = fc
  .date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
const leaf: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(column('int'), op, fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }))
    .map(([c, o, v]) => `[${c}] ${o} ${v}`),
  fc.tuple(column('date'), op, isoDate).map(([c, o, v]) => `[${c}] ${o} "${v}"`),
  fc
    .tuple(
      column('time'),
      op,
      fc.date({ min: new Date('1900-01-01'), max: new Date('2199-12-31'), noInvalidDate: true }),
    )
    .map(([c, o, v]) => `[${c}] ${o} "${v.toISOString()}"`),
  fc.tuple(column('text'), op, literal).map(([c, o, v]) => `${quote(v)} ${o} [${c}]`),
  fc.tuple(column('text'), literal).map(([c, v]) => `STARTSWITH([${c}], ${quote(v)})`),
  fc
    .tuple(column('int'), fc.array(fc.integer({ min: 0, max: 1e6 }), { maxLength: 5 }))
    .map(([c, vs]) => `IN([${c}], LIST(${vs.join(', ') || '1'}))`),
  fc
    .tuple(column('text'), fc.array(literal, { maxLength: 4 }))
    .map(([c, vs]) => `IN([${c}], {${vs.map(quote).join(', ')}})`),
  column('int').map((c) => `ISBLANK([${c}])`),
  fc.constantFrom('TRUE', 'FALSE'),
);
const { cond } = fc.letrec<{ cond: string }>((tie) => ({
  cond: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('cond'), { minLength: 1, maxLength: 4 }).map((xs) => `AND(${xs.join(', ')})`),
    fc.array(tie('cond'), { minLength: 1, maxLength: 4 }).map((xs) => `OR(${xs.join(', ')})`),
    tie('cond').map((x) => `NOT(${x})`),
  ),
}));
export const validGeneratedFileSelector = fc
  .tuple(cond, fc.boolean(), fc.option(fc.integer({ min: 1, max: 100 })))
  .map(([c, desc, top]) => {
    const s = `OrderBy(Filter(GeneratedFile, ${c}), [creation_time], ${desc ? 'TRUE' : 'FALSE'})`;
    return top ? `Top(${s}, ${top})` : s;
  });

describe('Selector fuzzing', () => {
  it('random text either parses or is a SelectorError, never anything else; what parses compiles to placeholders only', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(...APPSHEET_TABLES), (text, table) => {
        let q: SelectorQuery;
        try {
          q = parseSelector(text, table);
        } catch (error) {
          expect(error).toBeInstanceOf(SelectorError);
          expect(selectorErrorDetail(error as SelectorError, text)).toMatch(/\(at character \d+, near /);
          return;
        }
        assertOnlyPlaceholders(compile(q).sql);
      }),
      { numRuns: 5000 },
    );
  });

  it('well-formed Selectors with hostile values compile with every value as a parameter', () => {
    fc.assert(
      fc.property(validGeneratedFileSelector, (text) => {
        const compiled = compile(parseSelector(text, 'GeneratedFile'));
        assertOnlyPlaceholders(compiled.sql);
      }),
      { numRuns: 1000 },
    );
  });
});
