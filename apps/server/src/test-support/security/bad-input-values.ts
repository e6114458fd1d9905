import fc from 'fast-check';

/**
 * The hostile values the bad-input suite mixes into requests. None of them contains a stack-trace marker
 * ("    at ", /src/, node_modules), so an error message that echoes the input is never mistaken for a leak.
 */
export const HUGE = 100_001;

const sqlInjections = [
  "' OR '1'='1",
  "1' OR 1=1 --",
  '1; DROP TABLE donation; --',
  "'); DELETE FROM company; --",
  '1 UNION SELECT password FROM account',
  "' || pg_sleep(5) || '",
  '1)) OR ((1=1',
  '%\' AND 1=0 UNION SELECT * FROM "user" --',
  "\\'; TRUNCATE jwks; --",
  '$1',
  '$$',
  "E'\\x00'",
  '1::text',
  "current_setting('is_superuser')",
  '%',
  '_',
  '\\',
];

const selectorInjections = [
  "//*[@id='1' or '1'='1']",
  "' or 1=1 or ''='",
  '*',
  'a[href^="javascript:"]',
  'GeneratedFile:not(*)',
  '../../etc/passwd',
  '{{7*7}}',
  '${process.exit(1)}',
  '<script>alert(1)</script>',
  '[id] = 1) OR TRUE OR ([id] = 1',
  '") OR TRUE --',
];

const unicode = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  'x\uD83D',
  '\u202Eevil\u202C',
  '\u200F\u05D0\u05D1',
  '\uFEFF',
  '\u0301\u0301\u0301',
  '👩‍👩‍👧‍👦',
  '𝕳𝖊𝖑𝖑𝖔',
  'İı',
  'ß',
  '\u2028\u2029',
  '\r\n\r\n',
  '\t',
  ' ',
  '',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
];

const numberTexts = [
  '-1',
  '0',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e-308',
  '9007199254740993',
  '2147483648',
  '99999999999999999999999',
  '0x10',
  '1.5',
  ' 1',
  '1 ',
  '+1',
  '١',
  '1,2,',
  ',',
  '1,,2',
  '-1,2',
  '00000000001',
];

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** What the long values repeat: plain, two-byte, right-to-left, an injection. */
const LONG_UNITS = fc.constantFrom('x', 'é', '\u202E', "' OR 1=1 --");

export const hugeString = LONG_UNITS.chain((unit) =>
  fc.integer({ min: HUGE, max: HUGE + 10_000 }).map((n) => unit.repeat(Math.ceil(n / unit.length))),
);

/**
 * The longest values a URL carries to the server: Node.js answers 431 to a request head over 16 KB before any route
 * runs (the suite checks it), while inject() would hand the app a path or query no client can send. Each of these is
 * 7,000 characters once percent-encoded, so two fit in one head.
 */
export const URL_VALUE_MAX = 7_000;
/** `unit` repeated as often as fits in URL_VALUE_MAX percent-encoded characters. */
export const longForUrl = (unit: string) => unit.repeat(Math.floor(URL_VALUE_MAX / encodeURIComponent(unit).length));
export const longUrlString = LONG_UNITS.map(longForUrl);

/** Strings a careless server would trip on, up to a few hundred characters. */
export const shortNastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...sqlInjections) },
  { weight: 2, arbitrary: fc.constantFrom(...selectorInjections) },
  { weight: 3, arbitrary: fc.constantFrom(...unicode) },
  { weight: 3, arbitrary: fc.constantFrom(...numberTexts) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

/** The short ones, and now and then a `long` one. */
const nowAndThen = (long: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof({ weight: 15, arbitrary: shortNastyString }, { weight: 1, arbitrary: long });

/** Short nasty strings, and now and then one of 100,000+ characters. */
export const nastyString = nowAndThen(hugeString);

/** The same for a URL: now and then one as long as a URL can carry. */
export const urlNastyString = nowAndThen(longUrlString);

export const nastyNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    -0,
    1e308,
    -1e308,
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    2 ** 31,
    2 ** 53 + 2,
    -(2 ** 63),
    0.1,
    1.5,
    1000,
    999.9999,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: -2_147_483_648, max: 0 }),
);

/** Any JSON value, hostile leaves included; objects may carry prototype-pollution keys. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    nastyNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    tie('object'),
  ),
  object: fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...PROTO_KEYS), shortNastyString), tie('value')), { maxLength: 4 })
    .map((entries) => Object.fromEntries(entries)),
})).value;

/** A deeply nested array or object: parsers and validators that recurse must not fall over. */
export const deepValue = fc.tuple(fc.integer({ min: 100, max: 1000 }), fc.boolean()).map(([depth, asArray]) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i += 1) v = asArray ? [v] : { a: v };
  return v;
});

/** Selector text (publishing's AppSheet-style grammar): grammar pieces shuffled, with injections in the values. */
const selectorTokens = [
  'Filter(',
  'OrderBy(',
  'Top(',
  'AND(',
  'OR(',
  'NOT(',
  'IN(',
  'LIST(',
  'ISBLANK(',
  'STARTSWITH(',
  'DATE(',
  ')',
  ',',
  '{',
  '}',
  'GeneratedFile',
  'PublishFile',
  'Company',
  'Donation',
  '"user"',
  '[id]',
  '[company_id]',
  '[file_status]',
  '[entry_date]',
  '[creation_time]',
  '[id; drop table company]',
  '[',
  ']',
  '=',
  '<>',
  '<=',
  '>=',
  '<',
  '>',
  'TRUE',
  'FALSE',
  '-4',
  '123',
  '99999999999999999999',
  '1e308',
  '"2025-01-01"',
  '"text"',
  "'text'",
  '"',
  "'",
  '\\',
  ' ',
];
export const selectorText: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.oneof(fc.constantFrom(...selectorTokens), shortNastyString), { maxLength: 40 }).map((t) => t.join('')),
  fc
    .tuple(
      fc.constantFrom('GeneratedFile', 'PublishFile', 'Company'),
      fc.constantFrom('[id]', '[company_id]', '[file_status]', '[name]'),
      fc.constantFrom('=', '<>', '>='),
      shortNastyString,
    )
    .map(([table, col, op, v]) => `Filter(${table}, ${col} ${op} "${v.replace(/"/g, '""')}")`),
  fc.integer({ min: 200, max: 1000 }).map((n) => `Filter(GeneratedFile, ${'NOT('.repeat(n)}TRUE${')'.repeat(n)})`),
  fc
    .integer({ min: 200, max: 700 })
    .map((n) => `Filter(GeneratedFile, IN([id], LIST(${Array.from({ length: n }, (_, i) => i - 3).join(',')})))`),
  fc.constantFrom(
    'Top(GeneratedFile, 99999999999999999999)',
    'Top(GeneratedFile, -1)',
    'Top(GeneratedFile, 1e308)',
    'OrderBy(GeneratedFile, [id; select 1], TRUE)',
    'Filter(GeneratedFile, STARTSWITH([file_status], "%_\\"))',
    'Filter(GeneratedFile, [entry_date] >= DATE("99999-99-99"))',
    "Filter(GeneratedFile, [id] = \"1' OR '1'='1\")",
  ),
);

/**
 * The body with one unknown field added to one of its objects (each object in turn), in four forms: a plain field,
 * a deeply nested one, and the prototype-pollution keys. Every form carries the marker, which must be stored nowhere.
 */
export function withUnknownField(body: unknown, marker: string): unknown[] {
  const paths: (string | number)[][] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (v === null || typeof v !== 'object') return;
    if (!Array.isArray(v)) paths.push(path);
    for (const [k, child] of Object.entries(v)) walk(child, [...path, Array.isArray(v) ? Number(k) : k]);
  };
  walk(body, []);
  let deep: unknown = marker;
  for (let i = 0; i < 2000; i += 1) deep = { [marker]: deep };
  const fields: [string, unknown][] = [
    [`${marker}_field`, marker],
    [`${marker}_deep`, deep],
    ['__proto__', { [marker]: marker }],
    ['constructor', { prototype: { [marker]: marker } }],
  ];
  return paths.flatMap((path) =>
    fields.map(([key, value]) => {
      const copy = structuredClone(body);
      const target = path.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], copy) as object;
      Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
      return copy;
    }),
  );
}
