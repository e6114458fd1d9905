import { BULK_SCAN_MAX_ITEMS, bulkScanItemSchema, FLOW_IDS } from '@openrescue/shared';
import { z } from 'zod';
import type { RouteRecord } from '../../plugins/access.js';
import { isZod, type PartSchemas, type RequestPart } from './bad-input-arbitraries.js';

// The bad-input suite's endpoints (bad-input-suite.ts): every write route and every list route's query, from the
// app's own routes, with what each route's schemas check.

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes this suite leaves out, and why. */
export const EXCLUDED: Record<string, string> = {
  // The auth library's routes: the sign-in suite (security/sign-in*) covers them, per-account rate limits included.
  'POST /core-api/api/auth/sign-in/email': 'sign-in suite',
  'POST /core-api/api/auth/*': 'sign-in suite',
  // The password routes, limited like sign-in (issue 32): the auth bounds and sign-in suites (auth/auth-bounds.test.ts).
  'POST /core-api/api/auth/change-password': 'sign-in suite',
  'POST /core-api/api/auth/verify-password': 'sign-in suite',
  'POST /core-api/api/auth/delete-user': 'sign-in suite',
  'POST /core-api/api/auth/change-email': 'sign-in suite',
  // Declares no input to malform: the session cookie is all it reads, covered with sign-in.
  'POST /core-api/api/session/token': 'sign-in suite',
  // The figures API is read-only: every write method answers 405 before reading anything (dashboard-export.test.ts).
  ...Object.fromEntries(
    ['POST', 'PUT', 'PATCH', 'DELETE'].map((m) => [`${m} /core-api/api/integrations/figures`, 'read-only, 405']),
  ),
};

/** Writes by method only: Find answers rows and stores nothing, so its requests may be valid (selectors that parse run). */
const READS_BY_POST = new Set(['POST /ops-api/appsheet/table/:table/action']);

/**
 * Where a route's schema is looser than what it accepts, the stricter shape the suite must violate:
 * bulk scan items are checked one by one by the service (so a 400 can name the item); a flow id is any short text
 * that is 404 unless it names a flow; a recording is bytes recognised by their first bytes (the suite sends none).
 */
const STRICTER: Record<string, PartSchemas> = {
  'POST /core-api/api/bulkscan/': { body: z.array(bulkScanItemSchema).min(1).max(BULK_SCAN_MAX_ITEMS) },
  'POST /ops-api/flow/:id': { params: z.object({ id: z.enum(FLOW_IDS) }) },
  'POST /ops-api/trigger/sproc/:id': { params: z.object({ id: z.enum(FLOW_IDS) }) },
  'PUT /core-api/api/product/calls/transcripts/:id/audio': { body: z.never() },
};

export interface Endpoint {
  key: string;
  method: string;
  url: string;
  access: string;
  schemas: PartSchemas;
  /** The route's own schemas, without STRICTER: what the server checks before the handler runs. */
  routeSchemas: PartSchemas;
  write: boolean;
}

export function endpointsOf(routes: RouteRecord[]): Endpoint[] {
  const out: Endpoint[] = [];
  for (const r of routes) {
    const key = `${r.method} ${r.url}`;
    const schema = (r.options.schema ?? {}) as Record<string, unknown>;
    const schemas: PartSchemas = {};
    for (const part of ['params', 'querystring', 'body', 'headers'] as RequestPart[]) {
      if (isZod(schema[part])) schemas[part] = schema[part] as z.ZodType;
    }
    const routeSchemas = { ...schemas };
    Object.assign(schemas, STRICTER[key]);
    const write = WRITE_METHODS.has(r.method) && !READS_BY_POST.has(key);
    const list = (r.method === 'GET' && schemas.querystring !== undefined) || READS_BY_POST.has(key);
    if ((write || list) && !(key in EXCLUDED)) {
      const access = String(r.options.config?.access);
      out.push({ key, method: r.method, url: r.url, access, schemas, routeSchemas, write });
    }
  }
  return out;
}
