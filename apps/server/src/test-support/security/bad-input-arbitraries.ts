import fc from 'fast-check';
import { z } from 'zod';
import {
  deepValue,
  hugeString,
  longUrlString,
  nastyString,
  nastyValue,
  PROTO_KEYS,
  selectorText,
  shortNastyString,
  urlNastyString,
} from './bad-input-values.js';

/** The JSON Schema zod produces for a request part (input side); only what generation reads. */
interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
}

export type RequestPart = 'params' | 'querystring' | 'body' | 'headers';
export type PartSchemas = Partial<Record<RequestPart, z.ZodType>>;

export type FuzzBody =
  { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string; contentType: string | null };

export interface FuzzRequest {
  params: Record<string, string>;
  query: [string, string][];
  body: FuzzBody;
  headers: Record<string, string>;
}

export const isZod = (s: unknown): s is z.ZodType => typeof s === 'object' && s !== null && '_zod' in s;

function jsonSchemaOf(schema: z.ZodType | undefined): JsonSchema | null {
  if (!schema) return null;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** Values for fields whose schema says only "string" but whose name says more (time bounds, months, selectors). */
function hintedString(key: string): fc.Arbitrary<string> | null {
  if (/selector/i.test(key)) return selectorText;
  if (/month/i.test(key)) return fc.constantFrom('2026-01', '0000-01', '9999-12', '2026-13', '2026-1', '2026-01-01');
  if (/time|date/i.test(key)) {
    return fc.constantFrom(
      '2026-01-05',
      '2026-02-30',
      '0001-01-01',
      '9999-12-31',
      '2026-01-05T10:00:00Z',
      '2026-01-05T10:00:00+14:00',
      '275760-09-13T00:00:00Z',
      '1969-12-31T23:59:59.999999-12:00',
      '2026-01-05 10:00',
    );
  }
  return null;
}

function plausible(s: JsonSchema, key: string, wire: 'json' | 'text'): fc.Arbitrary<unknown> {
  const text = (a: fc.Arbitrary<unknown>) => (wire === 'text' ? a.map((v) => String(v)) : a);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => plausible(a, key, wire)));
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum?.length) return fc.constantFrom(...s.enum);
  switch (s.type) {
    case 'object': {
      const props = s.properties ?? {};
      const model = Object.fromEntries(Object.entries(props).map(([k, p]) => [k, plausible(p, k, wire)]));
      return fc.record(model, { requiredKeys: (s.required ?? []).filter((k) => k in props) });
    }
    case 'array':
      return fc.array(plausible(s.items ?? {}, key, wire), { maxLength: Math.min(s.maxItems ?? 3, 3) });
    case 'string': {
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 1000));
      const hinted = hintedString(key);
      if (hinted) return hinted;
      return fc.string({
        minLength: s.minLength ?? 0,
        maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 20, 20)),
      });
    }
    case 'integer': {
      const min = Math.max(s.minimum ?? -1000, Number.MIN_SAFE_INTEGER);
      const max = Math.min(s.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
      // Mostly small: a valid page_size of 10,000 costs a page of 10,000 rows and says nothing more than 5 does.
      return text(
        fc.oneof(
          { weight: 1, arbitrary: fc.constantFrom(min, max) },
          { weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, Math.max(min, 0) + 10) }) },
          { weight: 1, arbitrary: fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }) },
        ),
      );
    }
    case 'number':
      return text(fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true }));
    case 'boolean':
      return text(fc.boolean());
    case 'null':
      return fc.constant(null);
    default:
      return wire === 'text' ? shortNastyString : nastyValue;
  }
}

type Mutation =
  | { kind: 'replace'; pick: number; value: unknown }
  | { kind: 'delete'; pick: number }
  | { kind: 'unknown'; pick: number; key: string; value: unknown }
  | { kind: 'whole'; value: unknown };

function mutationArb(wire: 'json' | 'text'): fc.Arbitrary<Mutation> {
  const hostile =
    wire === 'text'
      ? fc.oneof(
          { weight: 40, arbitrary: shortNastyString },
          { weight: 8, arbitrary: selectorText },
          { weight: 1, arbitrary: longUrlString },
        )
      : fc.oneof(
          { weight: 6, arbitrary: nastyValue },
          { weight: 1, arbitrary: hugeString },
          { weight: 1, arbitrary: deepValue },
        );
  const unknownKey = fc.oneof(
    fc.constantFrom('evil_field', 'is_staff', 'id', ...PROTO_KEYS),
    shortNastyString.filter((k) => k.length > 0),
  );
  const edits: fc.WeightedArbitrary<Mutation>[] = [
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('replace' as const), pick: fc.nat(), value: hostile }) },
    // Removing an optional query parameter mostly leaves a valid query: rarer there.
    { weight: wire === 'json' ? 2 : 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('unknown' as const), pick: fc.nat(), key: unknownKey, value: hostile }),
    },
  ];
  if (wire === 'json')
    edits.push({ weight: 1, arbitrary: fc.record({ kind: fc.constant('whole' as const), value: hostile }) });
  return fc.oneof(...edits);
}

type Path = (string | number)[];

function containers(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  if (value !== null && typeof value === 'object' && path.length < 6) {
    out.push(path);
    for (const [k, v] of Object.entries(value)) containers(v, [...path, Array.isArray(value) ? Number(k) : k], out);
  }
  return out;
}

function slots(value: unknown): Path[] {
  return containers(value).flatMap((p) => {
    const c = at(value, p) as Record<string, unknown>;
    return Object.keys(c).map((k) => [...p, Array.isArray(c) ? Number(k) : k]);
  });
}

const at = (value: unknown, path: Path) => path.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], value);

/** Sets an own property, "__proto__" included (as JSON.parse would), where plain assignment would set the prototype. */
function withKey(container: Record<string, unknown>, key: string, v: unknown) {
  if (Array.isArray(container)) container.push(v);
  else Object.defineProperty(container, key, { value: v, enumerable: true, writable: true, configurable: true });
}

function mutate(base: unknown, mutations: Mutation[]): unknown {
  let value = structuredClone(base);
  for (const m of mutations) {
    if (m.kind === 'whole') {
      value = m.value;
      continue;
    }
    if (m.kind === 'unknown') {
      const places = containers(value);
      const target = places.length ? (at(value, places[m.pick % places.length]) as Record<string, unknown>) : null;
      if (target) withKey(target, m.key, m.value);
      else value = Object.fromEntries([[m.key, m.value]]);
      continue;
    }
    const candidates = slots(value);
    if (!candidates.length) {
      if (m.kind === 'replace') value = m.value;
      continue;
    }
    const path = candidates[m.pick % candidates.length];
    const parent = at(value, path.slice(0, -1)) as Record<string | number, unknown>;
    const last = path[path.length - 1];
    if (m.kind === 'delete') {
      if (Array.isArray(parent)) parent.splice(Number(last), 1);
      else delete parent[last];
    } else withKey(parent as Record<string, unknown>, String(last), m.value);
  }
  return value;
}

/** A plausible value of the schema with 1 to 3 hostile edits: wrong types, missing fields, unknown fields. */
function malformed(schema: JsonSchema | null, wire: 'json' | 'text'): fc.Arbitrary<unknown> {
  const base = schema ? plausible(schema, '', wire) : fc.constant({});
  return fc.tuple(base, fc.array(mutationArb(wire), { minLength: 1, maxLength: 3 })).map(([v, m]) => mutate(v, m));
}

const asText = (v: unknown) => (typeof v === 'string' ? v : v === undefined ? '' : (JSON.stringify(v) ?? String(v)));

const rawBodies = fc.oneof(
  fc.constantFrom(
    '{"a":',
    '[1,2',
    'NaN',
    'Infinity',
    '-',
    '{"x":1e999}',
    '\u0000',
    '{"__proto__":{"is_staff":true}}',
    '{"constructor":{"prototype":{"is_staff":true}}}',
    '<?xml version="1.0"?><a>&xxe;</a>',
    '[]',
    'null',
    '""',
  ),
  hugeString,
  fc.integer({ min: 1000, max: 100_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
  fc.integer({ min: 1000, max: 100_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
  fc.constant('x'.repeat(2 * 1024 * 1024 + 10)),
);
const contentTypes = fc.constantFrom(
  'application/json',
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'image/png',
  null,
);

function bodyArb(schema: JsonSchema | null): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    { weight: 8, arbitrary: malformed(schema, 'json').map((value): FuzzBody => ({ kind: 'json', value })) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('raw' as const), text: rawBodies, contentType: contentTypes }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(malformed(schema, 'json'), contentTypes)
        .map(([v, ct]): FuzzBody => ({ kind: 'raw', text: asText(v), contentType: ct })),
    },
  );
}

function queryPairs(value: unknown): [string, string][] {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [['', asText(value)]];
  return Object.entries(value).flatMap(([k, v]): [string, string][] =>
    Array.isArray(v) ? v.map((x) => [k, asText(x)]) : [[k, asText(v)]],
  );
}

export interface RouteInput {
  url: string;
  schemas: PartSchemas;
  /** Whether the route takes a body at all (write methods). */
  takesBody: boolean;
}

/** Malformed requests for a route: its query, params, body and headers, each a hostile edit of a plausible value. */
export function requestArb(route: RouteInput): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]);
  const paramsSchema = jsonSchemaOf(route.schemas.params);
  const paramsArb = paramNames.length
    ? fc
        .tuple(
          paramsSchema ? plausible(paramsSchema, '', 'text') : fc.constant({}),
          fc.array(mutationArb('text'), { maxLength: 2 }),
        )
        .map(([v, m]) => {
          const mutated = mutate(
            v,
            m.filter((x) => x.kind === 'replace'),
          ) as Record<string, unknown>;
          return Object.fromEntries(paramNames.map((n) => [n, asText(mutated?.[n] ?? '')]));
        })
    : fc.constant({});
  const querySchema = jsonSchemaOf(route.schemas.querystring);
  const none = fc.constant<[string, string][]>([]);
  const queryArb: fc.Arbitrary<[string, string][]> = querySchema
    ? fc.oneof({ weight: 9, arbitrary: malformed(querySchema, 'text').map(queryPairs) }, { weight: 1, arbitrary: none })
    : fc.oneof(none, fc.array(fc.tuple(shortNastyString, urlNastyString), { maxLength: 2 }));
  const body = route.takesBody ? bodyArb(jsonSchemaOf(route.schemas.body)) : fc.constant<FuzzBody>({ kind: 'none' });
  const headersSchema = jsonSchemaOf(route.schemas.headers);
  const headers = fc
    .option(
      fc.oneof(
        headersSchema ? malformed(headersSchema, 'text') : fc.constant({}),
        fc.record({ 'idempotency-key': nastyString }),
      ),
      { nil: {} },
    )
    .map((h) => Object.fromEntries(Object.entries(h as object).map(([k, v]) => [k, headerSafe(asText(v))])));
  return fc.record({ params: paramsArb, query: queryArb, body, headers });
}

/** Header values must be latin-1 without line breaks, or the request cannot be built at all. */
const headerSafe = (v: string) => v.slice(0, 8000).replace(/[^\x20-\x7e\x80-\xff]/g, '?');
