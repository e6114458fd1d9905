import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
let tokens: Record<DemoRole, string>;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 300 });
  tokens = await signInDemoAccounts(t.app);
});
afterAll(async () => t?.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${tokens.staff}`, ...(encoding ? { 'accept-encoding': encoding } : {}) },
  });
const STORES = '/core-api/api/retail/stores?expand=receivers&page_size=50&page=1';

describe('API answers compressed', () => {
  it('sends a list page brotli to a browser, gzip to a gzip-only client, plain to one that asks for nothing', async () => {
    const plain = await get(STORES);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(STORES, 'gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get(STORES, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves answers under 4 kB (the dashboard totals) and errors plain', async () => {
    const small = await get('/core-api/api/config', 'br');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    const totals = await get(
      '/core-api/api/retail/reports/donation_totals?entry_time__gte=2022-01-01&entry_time__lte=2026-12-31' +
        '&from_company_id=1&annotate=from_department_id&annotate_metrics=true&page_size=10000',
      'br',
    );
    expect(totals.statusCode).toBe(200);
    expect(totals.rawPayload.length).toBeGreaterThan(1024);
    expect(totals.rawPayload.length).toBeLessThan(4096);
    expect(totals.headers['content-encoding']).toBeUndefined();
    const missing = await get('/core-api/api/retail/stores/999999', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json()).toMatchObject({ detail: expect.any(String) });
  });

  it('does not compress twice what the route already compressed (the network map)', async () => {
    const url = '/core-api/api/public/retail/network/?in_area=all&secret=demo';
    const plain = await get(url);
    const br = await get(url, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });
});
