import type { InjectOptions } from 'fastify';
import type { FuzzBody, FuzzRequest, PartSchemas } from './bad-input-arbitraries.js';

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Percent-encodes every code point as UTF-8; a lone surrogate becomes its 3-byte (invalid UTF-8) form. */
export function encodeComponent(value: string): string {
  if (!LONE_SURROGATE.test(value)) return encodeURIComponent(value);
  let out = '';
  for (const ch of value) {
    if (UNRESERVED.test(ch)) {
      out += ch;
      continue;
    }
    const cp = ch.codePointAt(0)!;
    const bytes =
      cp < 0x80
        ? [cp]
        : cp < 0x800
          ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000
            ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

const RESERVED_HEADERS = new Set([
  'authorization',
  'cookie',
  'host',
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
]);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export function injectOptions(method: string, url: string, req: FuzzRequest, authorization: string): InjectOptions {
  const path = url.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeComponent(req.params[name] ?? ''));
  const query = req.query.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&');
  const headers: Record<string, string> = { authorization };
  for (const [k, v] of Object.entries(req.headers)) {
    if (HEADER_NAME.test(k) && !RESERVED_HEADERS.has(k.toLowerCase())) headers[k] = v;
  }
  const options: InjectOptions = {
    method: method as InjectOptions['method'],
    url: query ? `${path}?${query}` : path,
    headers,
  };
  if (req.body.kind === 'json') {
    options.payload = JSON.stringify(req.body.value) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if (req.body.kind === 'raw') {
    options.payload = req.body.text;
    if (req.body.contentType) headers['content-type'] = req.body.contentType;
  }
  return options;
}

/** As Fastify's query parser hands it over: a repeated key becomes a list. */
export function queryObject(pairs: [string, string][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of pairs) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}

/** Whether a U+0000 is in any key or text: PostgreSQL text cannot hold it, so the API refuses it everywhere. */
export function hasNul(value: unknown): boolean {
  const stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v !== null && typeof v === 'object') {
      for (const [k, item] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(item);
      }
    }
  }
  return false;
}

/** secure-json-parse (Fastify's JSON parser) refuses these keys outright. */
function hasPoisonedKey(value: unknown, depth = 0): boolean {
  if (value === null || typeof value !== 'object' || depth > 50) return false;
  for (const [k, v] of Object.entries(value)) {
    if (k === '__proto__') return true;
    if (k === 'constructor' && v !== null && typeof v === 'object' && 'prototype' in v) return true;
    if (hasPoisonedKey(v, depth + 1)) return true;
  }
  return false;
}

type ParsedBody =
  { certain: true; refused: true } | { certain: true; refused: false; value: unknown } | { certain: false };

/** What the body becomes for the schema, where that is certain without knowing the route's own parsers. */
function parsedBody(body: FuzzBody): ParsedBody {
  if (body.kind === 'none') return { certain: true, refused: false, value: undefined };
  const json = (text: string): ParsedBody => {
    try {
      const value = JSON.parse(text);
      return hasPoisonedKey(value) ? { certain: true, refused: true } : { certain: true, refused: false, value };
    } catch {
      return { certain: true, refused: true };
    }
  };
  if (body.kind === 'json') return json(JSON.stringify(body.value) ?? 'null');
  if (body.contentType === 'application/json') return json(body.text);
  if (body.contentType === 'text/plain') return { certain: true, refused: false, value: body.text };
  return { certain: false };
}

/**
 * Whether the route's schemas (or the NUL rule) certainly refuse the request. Write endpoints are sent only such requests, so none of
 * them may change the data; a request this cannot decide (a body type a route may parse itself) is not sent.
 */
export function certainlyRefused(schemas: PartSchemas, req: FuzzRequest): boolean {
  if (hasNul(req.params) || hasNul(req.query)) return true;
  if (schemas.params && !schemas.params.safeParse(req.params).success) return true;
  if (schemas.querystring && !schemas.querystring.safeParse(queryObject(req.query)).success) return true;
  if (schemas.headers && !schemas.headers.safeParse(req.headers).success) return true;
  if (!schemas.body) return false;
  const body = parsedBody(req.body);
  if (!body.certain) return false;
  return body.refused || hasNul(body.value) || !schemas.body.safeParse(body.value).success;
}
