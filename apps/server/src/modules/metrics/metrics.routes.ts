import { errorBodySchema, impactFactorListSchema, metricsPaths, tableMetricListSchema } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { createMetricsRepository } from './metrics.repository.js';

/** Table metrics for the ops console and the public impact factors ("About these numbers"). */
export async function metricsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = createMetricsRepository(ctx.database.db);

  r.get(metricsPaths.tableMetrics, {
    config: { access: 'staff' },
    schema: {
      tags: ['metrics'],
      description:
        'Row count and last change of each main table (exact for donations and small tables, else the estimate).',
      querystring: z.object({}).strict(),
      response: { 200: tableMetricListSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: () => repo.tableMetrics(),
  });

  r.get(metricsPaths.impactFactors, {
    config: { access: 'public' },
    schema: {
      tags: ['metrics'],
      description: 'Every impact factor version with its destination, department, per-kg values and source.',
      querystring: z.object({}).strict(),
      response: { 200: impactFactorListSchema },
    },
    handler: () => repo.impactFactors(),
  });
}
