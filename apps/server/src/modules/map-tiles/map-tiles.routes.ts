import { createReadStream, statSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_TYPES } from '@openrescue/shared';
import { byteRange } from './map-tiles.range.js';
import {
  isArchiveName,
  MAP_STYLE_PATH,
  MAP_TILES_PREFIX,
  openPmtilesArchive,
  pmtilesStyle,
} from './map-tiles.service.js';

/**
 * Self-hosted map tiles (decision 0071): with MAP_PMTILES set, the archive at /map/tiles/<its file name> with range
 * requests (what the map's pmtiles reader asks for), and /map/style.json, the Protomaps basemap style that reads it.
 * Public like the map pages that show it; without MAP_PMTILES neither route exists.
 */
export async function mapTilesRoutes(app: FastifyInstance, opts: { pmtiles: string | undefined }) {
  if (!opts.pmtiles) return;
  const archive = openPmtilesArchive(opts.pmtiles);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const notFound = (url: string) => ({ type: ERROR_TYPES.notFound, message: 'Not found', detail: `GET ${url}` });

  r.get(MAP_STYLE_PATH, { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return pmtilesStyle(archive, `${request.protocol}://${request.host}`);
  });

  r.get(
    `${MAP_TILES_PREFIX}:file`,
    {
      config: { access: 'public' },
      // the answer is the archive's own bytes, or a part of them: never compressed on the way
      compress: false,
      schema: { hide: true, params: z.object({ file: z.string() }) },
    },
    async (request, reply) => {
      if (!isArchiveName(archive, request.params.file)) return reply.status(404).send(notFound(request.url));
      const { size, mtimeMs } = statSync(archive.path);
      const etag = `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
      reply.header('accept-ranges', 'bytes').header('etag', etag).header('cache-control', 'public, max-age=3600');
      const range = byteRange(request.headers.range, size);
      if (range.kind === 'refused') {
        return reply
          .status(416)
          .header('content-range', `bytes */${size}`)
          .send({ type: ERROR_TYPES.validation, message: 'Range Not Satisfiable', detail: `bytes */${size}` });
      }
      reply.type('application/vnd.pmtiles');
      if (range.kind === 'whole') {
        reply.header('content-length', size);
        return reply.send(createReadStream(archive.path));
      }
      reply
        .status(206)
        .header('content-range', `bytes ${range.first}-${range.last}/${size}`)
        .header('content-length', range.last - range.first + 1);
      return reply.send(createReadStream(archive.path, { start: range.first, end: range.last }));
    },
  );
}
