import type { AppContext } from '../../context.js';
import { createFlowHandler } from './flows.jobs.js';

/** The flow jobs' handler (called where the app is assembled, app.ts; decision 0014). */
export function setUpFlows(ctx: AppContext): void {
  ctx.jobRunner.register(createFlowHandler({ db: ctx.database.db, events: ctx.jobEvents }));
}
