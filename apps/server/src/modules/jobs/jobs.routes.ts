import { jobsPaths, liveJobSchema } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

export async function jobsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(jobsPaths.jobs, {
    config: { access: 'staff' },
    schema: {
      tags: ['jobs'],
      description:
        'Jobs History: the most recently changed jobs first (publish jobs that run carry their finished file ids).',
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }).strict(),
      response: { 200: z.object({ data: z.array(liveJobSchema) }) },
    },
    handler: async (request) => ({ data: await ctx.repos.jobs.listRecent(request.query.limit) }),
  });
}
