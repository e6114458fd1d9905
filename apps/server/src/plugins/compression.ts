import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

/**
 * API answers of 4 kB and more are sent brotli or gzip compressed (a 50-row list page is 30 kB of JSON, 3 kB
 * compressed: on a slow phone network that is the difference between the rows now and the rows in a second).
 * Smaller ones go as they are: the dashboard's totals (a row per department) gain ~1 kB, ~5 ms on slow 4G, and cost
 * ~0.2 ms of server CPU each, a sixth of the endpoint's throughput under load (bench/api-load-bench.ts).
 * Brotli at quality 4: as small as gzip 6 and faster; the default 11 costs ~10 ms per list page.
 * Answers that carry their own encoding (web pages, assets, the network map) are left as they are, and the live
 * streams write to the socket themselves.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 4096,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
