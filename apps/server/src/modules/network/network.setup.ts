import type { AppContext } from '../../context.js';
import { createImportHandler } from './network.import-job.js';

/** The network import job's handler (called where the app is assembled, app.ts; decision 0054). */
export function setUpNetwork(ctx: AppContext): void {
  ctx.jobRunner.register(
    createImportHandler({ db: ctx.database.db, events: ctx.jobEvents, productName: ctx.env.PRODUCT_NAME }),
  );
}
