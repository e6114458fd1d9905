import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { createLiveHub, type LiveHub } from '../../events/live-hub.js';
import { createMetricsRepository } from '../metrics/metrics.repository.js';

/**
 * The live streams' hub (called where the app is assembled, app.ts): it follows job events and the table metrics for
 * every open stream. Open streams would keep the server from closing: the hub ends them first.
 */
export function setUpLive(app: FastifyInstance, ctx: AppContext): LiveHub {
  const metrics = createMetricsRepository(ctx.database.db);
  const hub = createLiveHub({
    events: ctx.jobEvents,
    recentJobs: (limit) => ctx.repos.jobs.recentForStream(limit),
    jobsByIds: (ids) => ctx.repos.jobs.byIds(ids),
    tableMetrics: () => metrics.tableMetrics(),
    log: app.log,
  });
  app.addHook('preClose', async () => hub.close());
  return hub;
}
