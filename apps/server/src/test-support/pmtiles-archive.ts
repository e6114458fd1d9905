// A tiny Protomaps PMTiles (version 3) archive made in the test, not downloaded: one vector tile at zoom 0 with the
// layers the Protomaps basemap style draws (earth, water, places), hand-encoded as a Mapbox Vector Tile.
// Used by the map-tiles API test and the browser check of MAP_PMTILES (e2e/map-labels.spec.ts).
import { writeFileSync } from 'node:fs';

/** The one place of the archive, at the City of Vancouver region's centre (what its first view shows). */
export const ARCHIVE_PLACE = { name: 'Pmtilesville', lon: -123.114, lat: 49.261 };
const EXTENT = 4096;

class Writer {
  bytes: number[] = [];
  varint(n: number) {
    let v = n;
    while (v >= 0x80) {
      this.bytes.push((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.bytes.push(v);
    return this;
  }
  key(field: number, wire: number) {
    return this.varint(field * 8 + wire);
  }
  uint(field: number, n: number) {
    return this.key(field, 0).varint(n);
  }
  raw(field: number, data: Uint8Array | number[]) {
    this.key(field, 2).varint(data.length);
    for (const b of data) this.bytes.push(b);
    return this;
  }
  text(field: number, s: string) {
    return this.raw(field, Buffer.from(s, 'utf8'));
  }
  packed(field: number, values: number[]) {
    const inner = new Writer();
    for (const v of values) inner.varint(v);
    return this.raw(field, inner.bytes);
  }
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);
/** Longitude and latitude to the zoom-0 tile's coordinates (Web Mercator). */
function project(lon: number, lat: number): [number, number] {
  const x = ((lon + 180) / 360) * EXTENT;
  const s = Math.sin((lat * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * EXTENT;
  return [Math.round(x), Math.round(y)];
}
function polygon(ring: [number, number][]): number[] {
  const out = [9, zigzag(ring[0][0]), zigzag(ring[0][1]), ((ring.length - 1) << 3) | 2];
  for (let i = 1; i < ring.length; i++) {
    out.push(zigzag(ring[i][0] - ring[i - 1][0]), zigzag(ring[i][1] - ring[i - 1][1]));
  }
  return [...out, 15];
}

interface Feature {
  type: 1 | 3;
  geometry: number[];
  properties: Record<string, string | number>;
}
function layer(name: string, features: Feature[]): number[] {
  const keys: string[] = [];
  const values: (string | number)[] = [];
  const w = new Writer().uint(15, 2).text(1, name);
  for (const f of features) {
    const tags: number[] = [];
    for (const [k, v] of Object.entries(f.properties)) {
      if (!keys.includes(k)) keys.push(k);
      if (!values.includes(v)) values.push(v);
      tags.push(keys.indexOf(k), values.indexOf(v));
    }
    const feature = new Writer().packed(2, tags).uint(3, f.type).packed(4, f.geometry);
    w.raw(2, feature.bytes);
  }
  for (const k of keys) w.text(3, k);
  for (const v of values) {
    const value = typeof v === 'string' ? new Writer().text(1, v) : new Writer().uint(5, v);
    w.raw(4, value.bytes);
  }
  return w.uint(5, EXTENT).bytes;
}

/** The zoom-0 vector tile: land everywhere but a lake west of the place, and the place itself. */
export function archiveTile(): Uint8Array {
  const [px, py] = project(ARCHIVE_PLACE.lon, ARCHIVE_PLACE.lat);
  const world: [number, number][] = [
    [0, 0],
    [0, EXTENT],
    [EXTENT, EXTENT],
    [EXTENT, 0],
    [0, 0],
  ];
  const lake: [number, number][] = [
    [px - 60, py - 20],
    [px - 60, py + 20],
    [px - 20, py + 20],
    [px - 20, py - 20],
    [px - 60, py - 20],
  ];
  const tile = new Writer()
    .raw(3, layer('earth', [{ type: 3, geometry: polygon(world), properties: { kind: 'earth' } }]))
    .raw(3, layer('water', [{ type: 3, geometry: polygon(lake), properties: { kind: 'lake' } }]))
    .raw(
      3,
      layer('places', [
        {
          type: 1,
          geometry: [9, zigzag(px), zigzag(py)],
          properties: { kind: 'locality', name: ARCHIVE_PLACE.name, 'name:en': ARCHIVE_PLACE.name, min_zoom: 2 },
        },
      ]),
    );
  return Uint8Array.from(tile.bytes);
}

/** Writes the archive to `path`; returns its bytes (the tests compare ranges with them). */
export function writePmtilesArchive(path: string): Buffer {
  const tile = archiveTile();
  // One entry: tile id 0 (z0/0/0), run length 1, its length, offset 0 (written as offset + 1).
  const root = Buffer.from(new Writer().varint(1).varint(0).varint(1).varint(tile.length).varint(1).bytes);
  const layers = ['earth', 'water', 'places'].map((id) => ({ id, fields: {} }));
  const metadata = Buffer.from(JSON.stringify({ name: 'test', vector_layers: layers }), 'utf8');
  const header = Buffer.alloc(127);
  header.write('PMTiles', 0, 'latin1');
  header[7] = 3;
  const rootOffset = 127;
  const metadataOffset = rootOffset + root.length;
  const tileOffset = metadataOffset + metadata.length;
  const u64 = (at: number, n: number) => header.writeBigUInt64LE(BigInt(n), at);
  u64(8, rootOffset);
  u64(16, root.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileOffset + tile.length);
  u64(48, 0);
  u64(56, tileOffset);
  u64(64, tile.length);
  u64(72, 1);
  u64(80, 1);
  u64(88, 1);
  header[96] = 1; // clustered
  header[97] = 1; // internal compression: none
  header[98] = 1; // tile compression: none
  header[99] = 1; // tile type: vector (MVT)
  header[100] = 0; // min zoom
  header[101] = 0; // max zoom
  header.writeInt32LE(-180e7, 102);
  header.writeInt32LE(-85e7, 106);
  header.writeInt32LE(180e7, 110);
  header.writeInt32LE(85e7, 114);
  header[118] = 0;
  header.writeInt32LE(Math.round(ARCHIVE_PLACE.lon * 1e7), 119);
  header.writeInt32LE(Math.round(ARCHIVE_PLACE.lat * 1e7), 123);
  const bytes = Buffer.concat([header, root, metadata, Buffer.from(tile)]);
  writeFileSync(path, bytes);
  return bytes;
}
