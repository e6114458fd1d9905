import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** One page of a list answer: `next` is the relative URL of the page after it, or null. */
export interface ListPage<Row = any> {
  count: number;
  next: string | null;
  results: Row[];
  [field: string]: unknown;
}

/**
 * Every page of a list answer, read through `next` as a client does (lists page at 1,000 rows whatever the caller asks
 * for, decision 0041): the first page's body with every page's rows in `results`, and each page as it came.
 */
export async function readAllPages<Row = any>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
): Promise<{ body: ListPage<Row>; pages: ListPage<Row>[] }> {
  const pages: ListPage<Row>[] = [];
  for (let next: string | null = url; next;) {
    const res = await app.inject({ method: 'GET', url: next, headers });
    expect(res.statusCode, `${next}: ${res.body}`).toBe(200);
    const page = res.json() as ListPage<Row>;
    pages.push(page);
    next = page.next;
  }
  return { body: { ...pages[0], results: pages.flatMap((p) => p.results) }, pages };
}
