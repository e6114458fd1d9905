import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';

/**
 * Issue 36 §5 (decision 0065): each console list sorts on the server by an allow-listed `ordering`, empty values
 * last, ties broken by the row's id (or natural key) in the first key's direction, the same order from page to page.
 */
let t: TestApp;
let tokens: Record<DemoRole, string>;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 300 });
  tokens = await signInDemoAccounts(t.app);
});
afterAll(async () => t?.close());

type Row = Record<string, unknown>;

const get = (url: string, who: DemoRole = 'staff') =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[who]}` } });

/** Text compares without case, by code point (as `lower(x) collate "C"`); empty values last in either direction. */
function compareValues(a: unknown, b: unknown, desc: boolean): number {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  let c: number;
  if (typeof a === 'number' && typeof b === 'number') c = a - b;
  else {
    const x = String(a).toLowerCase();
    const y = String(b).toLowerCase();
    c = x < y ? -1 : x > y ? 1 : 0;
  }
  return desc ? -c : c;
}

function expectedOrder(rows: Row[], ordering: string, tiebreak: string[]): Row[] {
  const keys = ordering.split(',').map((k) => ({ key: k.replace(/^-/, ''), desc: k.startsWith('-') }));
  return [...rows].sort((a, b) => {
    for (const { key, desc } of keys) {
      const c = compareValues(a[key], b[key], desc);
      if (c !== 0) return c;
    }
    for (const key of tiebreak) {
      const c = compareValues(a[key], b[key], keys[0].desc);
      if (c !== 0) return c;
    }
    return 0;
  });
}

/** Every row of the list, read in pages of `size` (the paging must keep the order). */
async function readAll(path: string, query: string, size: number): Promise<{ count: number; rows: Row[] }> {
  const rows: Row[] = [];
  let count = 0;
  for (let page = 1; page < 200; page += 1) {
    const res = await get(`${path}?${query}${query ? '&' : ''}page_size=${size}&page=${page}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    count = body.count;
    rows.push(...body.results);
    if (!body.next || rows.length >= count) break;
  }
  return { count, rows };
}

interface SortableList {
  name: string;
  path: string;
  /** Filters the screen sends. */
  query: string;
  /** Each a sortable key, with and without '-'. */
  keys: string[];
  /** The row's id or natural key, as the server breaks ties. */
  tiebreak: string[];
  /** The row's identity, to compare two reads. */
  identity: (r: Row) => string;
  /** The order without `ordering` (the list's default). */
  defaultOrdering: string;
}

const LISTS: SortableList[] = [
  {
    name: 'stores',
    path: '/core-api/api/retail/stores',
    query: '',
    keys: ['name', 'company_name', 'city', 'id'],
    tiebreak: ['id'],
    identity: (r) => String(r.id),
    defaultOrdering: 'name',
  },
  {
    name: 'receivers',
    path: '/core-api/api/retail/receivers',
    query: 'receiver_type=HUB',
    keys: ['name', 'city', 'id'],
    tiebreak: ['id'],
    identity: (r) => String(r.id),
    defaultOrdering: 'name',
  },
  {
    name: 'no-pickups',
    path: '/core-api/api/retail/bulkscan',
    query: 'has_reason=true',
    keys: ['entry_time', 'creation_time', 'weight_kg', 'store', 'receiver', 'reason', 'id'],
    tiebreak: ['id'],
    identity: (r) => String(r.id),
    defaultOrdering: '-entry_time',
  },
  {
    name: 'stipend',
    path: '/core-api/api/retail/stipend-report',
    query: '',
    keys: ['year_month', 'receiver_name', 'store_name', 'actual_service_days', 'actual_non_service_days'],
    tiebreak: ['year_month', 'receiver', 'store'],
    identity: (r) => String(r.item_id),
    defaultOrdering: 'year_month,receiver_name,store_name',
  },
  {
    name: 'mailable contacts',
    path: '/core-api/api/retail/reports/charity_poster_contacts/',
    query: '',
    keys: ['organization_name', 'email', 'first_name', 'report_type', 'unsubscribed_at', 'id'],
    tiebreak: ['id'],
    identity: (r) => String(r.id),
    defaultOrdering: 'organization_name,email',
  },
  {
    name: 'transcripts',
    path: '/core-api/api/product/calls/transcripts',
    query: '',
    keys: ['created_at', 'tw_caller_name', 'tw_call_length', 'sentiment_score', 'id'],
    tiebreak: ['id'],
    identity: (r) => String(r.id),
    defaultOrdering: '-created_at',
  },
];

describe.each(LISTS)('$name: ordering', (list) => {
  it('sorts by each key both ways, the same across pages, the same rows as unsorted', async () => {
    const unsorted = await readAll(list.path, list.query, 500);
    expect(unsorted.count).toBeGreaterThan(3);
    const ids = unsorted.rows.map(list.identity).sort();
    const withOrdering = (o: string) => [list.query, `ordering=${encodeURIComponent(o)}`].filter(Boolean).join('&');
    for (const key of list.keys) {
      for (const ordering of [key, `-${key}`]) {
        const { count, rows } = await readAll(list.path, withOrdering(ordering), 500);
        expect(count).toBe(unsorted.count);
        expect(rows.map(list.identity).sort()).toEqual(ids);
        const want = expectedOrder(rows, ordering, list.tiebreak).map(list.identity);
        expect(rows.map(list.identity), `${list.name} ordering=${ordering}`).toEqual(want);
      }
    }
    // Two keys, and the same order read in small pages (ties broken by the id, so no row moves between pages).
    const two = `-${list.keys[1]},${list.keys[0]}`;
    const whole = await readAll(list.path, withOrdering(two), 500);
    expect(whole.rows.map(list.identity)).toEqual(expectedOrder(whole.rows, two, list.tiebreak).map(list.identity));
    const paged = await readAll(list.path, withOrdering(two), 7);
    expect(paged.rows.map(list.identity)).toEqual(whole.rows.map(list.identity));
  });

  it('answers without ordering in the default order', async () => {
    const { rows } = await readAll(list.path, list.query, 500);
    const withDefault = [list.query, `ordering=${encodeURIComponent(list.defaultOrdering)}`].filter(Boolean).join('&');
    const explicit = await readAll(list.path, withDefault, 500);
    expect(rows.map(list.identity)).toEqual(explicit.rows.map(list.identity));
  });

  it('refuses an unknown, repeated or malformed sort key with a 400 that names the allowed keys', async () => {
    for (const bad of [
      'nope',
      `${list.keys[0]},nope`,
      `${list.keys[0]},-${list.keys[0]}`,
      '-',
      '',
      `+${list.keys[0]}`,
    ]) {
      const sep = list.query ? '&' : '';
      const res = await get(`${list.path}?${list.query}${sep}ordering=${encodeURIComponent(bad)}`);
      expect(res.statusCode, `ordering=${bad}`).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(bad.includes(',-') ? /named twice/ : new RegExp(list.keys[0]));
    }
    // Too many keys, and a column the list does not offer (SQL never sees it).
    const many = list.keys.length >= 4 ? list.keys.slice(0, 4).join(',') : 'a,b,c,d';
    expect((await get(`${list.path}?ordering=${many}`)).statusCode).toBe(400);
    expect((await get(`${list.path}?ordering=${encodeURIComponent('id;drop table store')}`)).statusCode).toBe(400);
  });
});

describe('stipend spreadsheet: ordering', () => {
  it('takes the list ordering (rows in the order the screen shows) and refuses an unknown key', async () => {
    const ok = await get('/core-api/api/retail/stipend-report.xlsx?ordering=-actual_non_service_days,receiver_name');
    expect(ok.statusCode).toBe(200);
    expect((await get('/core-api/api/retail/stipend-report.xlsx?ordering=weight_kg')).statusCode).toBe(400);
  });
});
