import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { PMTiles, type RangeResponse, type Source } from 'pmtiles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_PLACE, archiveTile, writePmtilesArchive } from '../../test-support/pmtiles-archive.js';
import { buildTestApp, type TestApp } from '../../test-support/test-app.js';
import { byteRange } from './map-tiles.range.js';
import { openPmtilesArchive } from './map-tiles.service.js';

const folder = mkdtempSync(join(tmpdir(), 'openrescue-pmtiles-'));
const file = join(folder, 'region.pmtiles');
const URL_OF = '/map/tiles/region.pmtiles';
let t: TestApp;
let bytes: Buffer;
const saved = process.env.MAP_PMTILES;

beforeAll(async () => {
  bytes = writePmtilesArchive(file);
  process.env.MAP_PMTILES = file;
  try {
    t = await buildTestApp();
  } finally {
    if (saved === undefined) delete process.env.MAP_PMTILES;
    else process.env.MAP_PMTILES = saved;
  }
});
afterAll(async () => {
  await t?.close();
  rmSync(folder, { recursive: true, force: true });
});

const get = (url: string, range?: string) =>
  t.app.inject({ method: 'GET', url, headers: range === undefined ? {} : { range } });

describe('MAP_PMTILES: the archive with range requests', () => {
  it('answers one range with 206, its bytes and Content-Range; open ranges and suffixes too', async () => {
    const part = await get(URL_OF, 'bytes=0-126');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-126/${bytes.length}`);
    expect(part.headers['content-length']).toBe('127');
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(bytes.subarray(0, 127))).toBe(true);

    const open = await get(URL_OF, 'bytes=100-');
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload.equals(bytes.subarray(100))).toBe(true);
    const suffix = await get(URL_OF, 'bytes=-10');
    expect(suffix.headers['content-range']).toBe(`bytes ${bytes.length - 10}-${bytes.length - 1}/${bytes.length}`);
    expect(suffix.rawPayload.equals(bytes.subarray(-10))).toBe(true);
    // past the end: clipped to the file
    const long = await get(URL_OF, `bytes=120-${bytes.length + 500}`);
    expect(long.statusCode).toBe(206);
    expect(long.rawPayload.equals(bytes.subarray(120))).toBe(true);
  });

  it('sends the whole archive without a Range (or with a unit it does not know)', async () => {
    for (const range of [undefined, 'items=0-5']) {
      const whole = await get(URL_OF, range);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('application/vnd.pmtiles');
      expect(whole.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('refuses ranges it cannot answer with 416 and bytes */size', async () => {
    for (const range of [
      `bytes=${bytes.length}-`,
      `bytes=${bytes.length + 10}-${bytes.length + 20}`,
      'bytes=20-10',
      'bytes=abc',
      'bytes=-0',
      'bytes=-',
      'bytes=0-1,5-9',
      'bytes=1.5-3',
      'garbage',
    ]) {
      const res = await get(URL_OF, range);
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${bytes.length}`);
    }
  });

  it('serves only the configured archive: other names and paths that walk folders are missing', async () => {
    writeFileSync(join(folder, 'other.pmtiles'), bytes);
    for (const url of [
      '/map/tiles/other.pmtiles',
      '/map/tiles/..%2Fregion.pmtiles',
      '/map/tiles/..%2F..%2F..%2Fetc%2Fpasswd',
      '/map/tiles/../../etc/passwd',
      '/map/tiles/%2e%2e',
      '/map/region.pmtiles',
      '/map/tiles/',
    ]) {
      const res = await get(url, 'bytes=0-10');
      expect(res.statusCode, url).toBe(404);
      expect(res.rawPayload.includes(bytes.subarray(0, 7)), url).toBe(false);
    }
    // a NUL in the address is refused before any route (plugins/nul-text.ts)
    const nul = await get('/map/tiles/region.pmtiles%00.txt', 'bytes=0-10');
    expect(nul.statusCode).toBe(400);
    expect(nul.rawPayload.includes(bytes.subarray(0, 7))).toBe(false);
  });

  it('is read by the pmtiles library, range by range, through the route', async () => {
    let requests = 0;
    const source: Source = {
      getKey: () => URL_OF,
      async getBytes(offset, length): Promise<RangeResponse> {
        requests++;
        const res = await get(URL_OF, `bytes=${offset}-${offset + length - 1}`);
        expect(res.statusCode).toBe(206);
        const data = res.rawPayload;
        return { data: data.buffer.slice(data.byteOffset, data.byteOffset + data.length) as ArrayBuffer };
      },
    };
    const archive = new PMTiles(source);
    const header = await archive.getHeader();
    expect([header.minZoom, header.maxZoom, header.numAddressedTiles]).toEqual([0, 0, 1]);
    const tile = await archive.getZxy(0, 0, 0);
    expect(Buffer.from(tile!.data).equals(Buffer.from(archiveTile()))).toBe(true);
    expect(await archive.getZxy(1, 0, 0)).toBeUndefined();
    expect(requests).toBeGreaterThanOrEqual(1);
  });
});

describe('MAP_PMTILES: the style', () => {
  it('is the Protomaps basemap on this server: archive, glyphs served with the app, no third-party host', async () => {
    const res = await get('/map/style.json');
    expect(res.statusCode).toBe(200);
    const style = res.json<{ glyphs: string; sources: Record<string, { url: string }>; layers: { id: string }[] }>();
    expect(style.sources.protomaps.url).toBe('pmtiles://http://localhost:80/map/tiles/region.pmtiles');
    expect(style.glyphs).toBe('http://localhost:80/map/fonts/{fontstack}/{range}.pbf');
    expect(style.layers.map((l) => l.id)).toEqual(expect.arrayContaining(['earth', 'water', 'places_locality']));
    expect(JSON.stringify(style)).not.toMatch(/"(sprite)"|https:\/\/[^"]*\.(pbf|png|json)/);
  });

  it('reaches the map pages as their style, public and staff', async () => {
    const { rows } = await sql<{ secret: string }>`select secret from region where code = 'cov'`.execute(t.database.db);
    const res = await get(`/core-api/api/public/network/region?in_area=cov&secret=${rows[0].secret}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map_style_url).toBe('/map/style.json');
    // same origin: nothing added to the Content-Security-Policy
    expect(String(res.headers['content-security-policy'])).toMatch(/connect-src 'self'[;\s]/);
    expect(ARCHIVE_PLACE.name).toBe('Pmtilesville');
  });
});

describe('MAP_PMTILES at start', () => {
  it('refuses a file that is missing, not an archive, or badly named, saying why', () => {
    expect(() => openPmtilesArchive(join(folder, 'missing.pmtiles'))).toThrow(/MAP_PMTILES: cannot be read/);
    writeFileSync(join(folder, 'fake.pmtiles'), 'not an archive at all, just text'.repeat(10));
    expect(() => openPmtilesArchive(join(folder, 'fake.pmtiles'))).toThrow(/not a PMTiles version 3 archive/);
    expect(() => openPmtilesArchive(join(folder, 'region.mbtiles'))).toThrow(/must end in \.pmtiles/);
    expect(openPmtilesArchive(file)).toMatchObject({ name: 'region.pmtiles', minZoom: 0, maxZoom: 0 });
  });

  it('reads Range headers as RFC 9110 says', () => {
    expect(byteRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(byteRange('bytes=0-0', 100)).toEqual({ kind: 'part', first: 0, last: 0 });
    expect(byteRange('bytes=-200', 100)).toEqual({ kind: 'part', first: 0, last: 99 });
    expect(byteRange('bytes=99-', 100)).toEqual({ kind: 'part', first: 99, last: 99 });
    expect(byteRange('bytes=100-', 100)).toEqual({ kind: 'refused' });
    expect(byteRange('bytes=0-1', 0)).toEqual({ kind: 'refused' });
  });
});
