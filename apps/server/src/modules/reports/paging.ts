/**
 * The `next` link of a list page: the request's own relative URL (path and query as the client sent them) with
 * `page` (or `offset`) moved on, or null on the last page.
 */
export function nextPageUrl(requestUrl: string, page: number, pageSize: number, count: number): string | null {
  if (page * pageSize >= count) return null;
  return withParam(requestUrl, 'page', String(page + 1));
}

export function nextOffsetUrl(requestUrl: string, offset: number, limit: number, count: number): string | null {
  if (offset + limit >= count) return null;
  return withParam(requestUrl, 'offset', String(offset + limit));
}

function withParam(requestUrl: string, name: string, value: string): string {
  const url = new URL(requestUrl, 'http://relative.invalid');
  url.searchParams.set(name, value);
  return `${url.pathname}${url.search}`;
}
