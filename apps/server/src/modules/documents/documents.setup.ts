import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { createRenderPool, type RenderPool } from '../../jobs/render-pool.js';
import { createPosterDownloads, type PosterDownloads } from './poster-downloads.js';

/**
 * The documents module's thread (called where the app is assembled, app.ts): downloaded spreadsheets and poster PDFs
 * are built on a thread of their own: a 40,000-row sheet is ~1 s of CPU, which on the HTTP thread stalled every
 * other request and tripped load shedding (503 for everyone). Its own pool, not publishing's: a download does not
 * wait behind a publishing batch. Poster PDFs are rendered there too, through their cache (poster-downloads.ts).
 */
export function setUpDocuments(
  app: FastifyInstance,
  ctx: AppContext,
): { downloads: RenderPool; posterPdf: PosterDownloads } {
  const downloads = createRenderPool({
    size: ctx.env.RENDER_WORKERS === 0 ? 0 : 1,
    productName: ctx.env.PRODUCT_NAME,
    log: app.log,
  });
  app.addHook('onClose', async () => downloads.close());
  return { downloads, posterPdf: createPosterDownloads(downloads) };
}
