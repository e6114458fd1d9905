/**
 * API paths, one source for both sides (decision 0045). Each module's contract file declares its paths as route
 * patterns, the way Fastify reads them (`/core-api/api/reports/stores/:id`): the server registers its routes with
 * them and the web builds the concrete URL with `pathTo`, then swaps the service prefix for its configured base.
 * Every path starts with a service prefix: `/core-api` (its paths continue `/api/…`, spec 7.2) or `/ops-api`.
 */
export const CORE_API_PREFIX = '/core-api';
export const OPS_API_PREFIX = '/ops-api';

/** One `:name` of a pattern's segment; a name ends at '/' or at '.' (`:id.xlsx`). */
type ParamName<S extends string> = S extends `${infer Name}.${string}` ? Name : S;
/** The `:name` parameters of a route pattern, e.g. 'kind' | 'id' for `/ops-api/public-links/:kind/:id`. */
export type PathParams<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Segment}/${infer Tail}`
    ? ParamName<Segment> | PathParams<Tail>
    : ParamName<Rest>
  : never;

/** A route pattern with its parameters filled in (each encoded as one path segment): the URL a client asks for. */
export function pathTo<P extends string>(pattern: P, params: Record<PathParams<P>, string | number>): string {
  const values = params as Record<string, string | number>;
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathTo: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}
