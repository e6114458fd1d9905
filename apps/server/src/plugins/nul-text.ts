import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/http-error.js';

interface Visit {
  value: unknown;
  key: string;
  parent: Visit | null;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let v: Visit | null = visit; v; v = v.parent) keys.push(v.key);
  const path = keys.reverse().join('.');
  return path.length > 200 ? `${path.slice(0, 200)}…` : path;
}

/** Where the first U+0000 is (a key or a text value), walking without recursion: bodies may nest deeply. */
export function nulPath(value: unknown, root: string): string | null {
  const stack: Visit[] = [{ value, key: root, parent: null }];
  while (stack.length) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return pathOf(visit);
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return pathOf(visit);
        stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in a request would fail its query as a 500, or a
 * multi-step write half-way. Every route refuses it with a 400 before validation; recordings (bytes) are not text.
 */
export function refuseNulText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const where =
      nulPath(request.params, 'params') ?? nulPath(request.query, 'querystring') ?? nulPath(request.body, 'body');
    if (where) throw badRequest('Text must not contain NUL characters (U+0000).', where);
  });
}
