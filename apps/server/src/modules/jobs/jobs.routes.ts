import { JOB_STATUSES } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  total: z.number(),
  processed: z.number(),
  status: z.enum(JOB_STATUSES),
  updated_at: z.string(),
  error: z.string().nullable(),
});

export async function jobsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/ops-api/table/Jobs', {
    config: { access: 'staff' },
    schema: {
      tags: ['jobs'],
      description: 'Jobs History: the most recent jobs, newest first.',
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }).strict(),
      response: { 200: z.object({ data: z.array(jobSchema) }) },
    },
    handler: async (request) => ({ data: await ctx.repos.jobs.listRecent(request.query.limit) }),
  });
}
