import { openSync, readSync, closeSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { layers, namedFlavor } from '@protomaps/basemaps';
import { bytesToHeader, TileType } from 'pmtiles';

/** The PMTiles archive a deployment serves (MAP_PMTILES): where it is and what the map asks for. */
export interface PmtilesArchive {
  path: string;
  /** The file's name, the last part of its address under /map/tiles/. */
  name: string;
  minZoom: number;
  maxZoom: number;
}

export const MAP_TILES_PREFIX = '/map/tiles/';
export const MAP_STYLE_PATH = '/map/style.json';
/** The glyphs served with the web app (apps/web/public/map/fonts): the fonts the Protomaps styles name. */
const GLYPHS_PATH = '/map/fonts/{fontstack}/{range}.pbf';
/** The names of the archives the route answers for: a plain file name, nothing that walks folders. */
const ARCHIVE_NAME = /^[\w.-]+\.pmtiles$/;

/**
 * Opens MAP_PMTILES once at start: a PMTiles version 3 archive of vector tiles, else the server refuses to start with
 * a message that says why (a wrong path would otherwise show as an empty map).
 */
export function openPmtilesArchive(configured: string): PmtilesArchive {
  const path = resolve(configured);
  const name = basename(path);
  const fail = (why: string): never => {
    throw new Error(`Invalid map configuration:\n  MAP_PMTILES: ${why} (${path})`);
  };
  if (!ARCHIVE_NAME.test(name)) fail('the file name must end in .pmtiles, with letters, digits, ".", "-" or "_"');
  let fd: number;
  try {
    if (!statSync(path).isFile()) fail('not a file');
    fd = openSync(path, 'r');
  } catch (error) {
    return fail(`cannot be read: ${(error as Error).message}`);
  }
  const head = Buffer.alloc(127);
  try {
    readSync(fd, head, 0, 127, 0);
  } finally {
    closeSync(fd);
  }
  if (head.subarray(0, 7).toString('latin1') !== 'PMTiles' || head[7] !== 3) fail('not a PMTiles version 3 archive');
  const header = bytesToHeader(head.buffer.slice(head.byteOffset, head.byteOffset + 127));
  if (header.tileType !== TileType.Mvt) fail('the tiles are not vector tiles (Mapbox Vector Tiles)');
  return { path, name, minZoom: header.minZoom, maxZoom: header.maxZoom };
}

export function isArchiveName(archive: PmtilesArchive, requested: string): boolean {
  return ARCHIVE_NAME.test(requested) && requested === archive.name;
}

/**
 * The Protomaps basemap style ("light", English names) for the archive, with absolute addresses on this server: the
 * archive through the pmtiles protocol (the map reads it with range requests) and the glyphs served with the app.
 * No sprite: the few icons it would add (shields, POI dots) are not worth a third-party download.
 */
export function pmtilesStyle(archive: PmtilesArchive, origin: string) {
  const url = `pmtiles://${origin}${MAP_TILES_PREFIX}${encodeURIComponent(archive.name)}`;
  return {
    version: 8 as const,
    name: 'Protomaps light (self-hosted)',
    glyphs: `${origin}${GLYPHS_PATH}`,
    sources: {
      protomaps: {
        type: 'vector',
        url,
        attribution:
          '<a href="https://protomaps.com">Protomaps</a> © <a href="https://openstreetmap.org">OpenStreetMap</a>',
      },
    },
    layers: layers('protomaps', namedFlavor('light'), { lang: 'en' }),
  };
}
