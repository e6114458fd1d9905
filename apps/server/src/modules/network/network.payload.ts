import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The organization lists are the largest answers of the product (10,000 organizations, ~3 MB of JSON). Each is
 * built once per data version, compressed once per encoding (brotli, else gzip) and served from memory until an
 * organization changes; a matching If-None-Match gets 304.
 */

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const MAX_ENTRIES = 32;

export interface Payload {
  version: string;
  etag: string;
  body: Buffer;
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

export class PayloadCache {
  private entries = new Map<string, Payload>();
  private building = new Map<string, Promise<Payload>>();

  /** The JSON of `key` at `version`, built by `build` when missing or stale (one build at a time per key). */
  async get(key: string, version: string, build: () => Promise<string>): Promise<Payload> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) return hit;
    const pendingKey = `${key}@${version}`;
    let pending = this.building.get(pendingKey);
    if (!pending) {
      pending = build().then((json) => {
        const body = Buffer.from(json);
        const etag = `"${createHash('sha1').update(key).update('\0').update(body).digest('base64url').slice(0, 27)}"`;
        const payload: Payload = { version, etag, body, encoded: {} };
        this.entries.delete(key);
        this.entries.set(key, payload);
        while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
        return payload;
      });
      this.building.set(pendingKey, pending);
      pending.finally(() => this.building.delete(pendingKey)).catch(() => {});
    }
    return pending;
  }
}

/** br when the client takes it, else gzip, else none (q=0 refuses a coding). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
    offered.set(name.trim(), q ? Number(q[1]) : 1);
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

function encode(payload: Payload, encoding: 'br' | 'gzip'): Promise<Buffer> {
  let done = payload.encoded[encoding];
  if (!done) {
    done =
      encoding === 'br'
        ? brotliAsync(payload.body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: payload.body.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          })
        : gzipAsync(payload.body, { level: 6 });
    payload.encoded[encoding] = done;
    done.catch(() => delete payload.encoded[encoding]);
  }
  return done;
}

/** Sends a cached JSON payload, compressed when the client accepts it. */
export async function sendPayload(request: FastifyRequest, reply: FastifyReply, payload: Payload) {
  reply.header('vary', 'Accept-Encoding').header('etag', payload.etag).header('cache-control', 'private, no-cache');
  if (request.headers['if-none-match'] === payload.etag) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = payload.body.length >= 1024 ? pickEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(payload.body);
  const body = await encode(payload, encoding);
  return reply.header('content-encoding', encoding).send(body);
}
