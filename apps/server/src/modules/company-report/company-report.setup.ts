import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { createRenderPool, type RenderPool } from '../../jobs/render-pool.js';
import { createCompanyReportHandler } from './company-report.jobs.js';

/**
 * The company report's threads and job (called where the app is assembled, app.ts; decision 0068): a pool of its
 * own, one thread per core up to two, so that a 500-store PDF renders its parts side by side and neither a store's
 * download nor a publishing batch waits behind it. Its first thread never stops for idleness, and the server prepares
 * it as it starts (BuiltApp.warmThreads): a first report no longer pays its start, libraries and fonts (decision 0077).
 */
export function setUpCompanyReport(app: FastifyInstance, ctx: AppContext): { pool: RenderPool } {
  const pool = createRenderPool({
    size: ctx.env.RENDER_WORKERS === 0 ? 0 : Math.min(2, availableParallelism()),
    productName: ctx.env.PRODUCT_NAME,
    keepAlive: 1,
    log: app.log,
  });
  app.addHook('onClose', async () => pool.close());
  ctx.jobRunner.register(
    createCompanyReportHandler({ db: ctx.database.db, files: ctx.files, events: ctx.jobEvents, pool }),
  );
  return { pool };
}
