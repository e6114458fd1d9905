/**
 * Lists arrive as `{ count, results }` (spec 7.3), `{ data: [...] }` (ops tables, companies "read as a data list")
 * or a bare array. Reads any of them; anything else is an empty list.
 */
export function readList<T>(response: unknown): T[] {
  if (Array.isArray(response)) return response as T[];
  if (typeof response !== 'object' || response === null) return [];
  const body = response as { results?: unknown; data?: unknown };
  if (Array.isArray(body.results)) return body.results as T[];
  if (Array.isArray(body.data)) return body.data as T[];
  return [];
}
