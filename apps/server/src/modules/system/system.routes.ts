import { appConfigSchema, systemPaths } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ALWAYS_ANSWERED } from '../../plugins/load-shedding.js';
import { publicAppConfig } from './app-config.js';
import { pingDatabase } from './system.repository.js';

export async function systemRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const health = z.object({
    status: z.literal('ok'),
    db: z.enum(['pglite', 'postgres']),
    /** false while this process refuses new work (requests in flight at MAX_IN_FLIGHT, or its event loop lagging). */
    ready: z.boolean(),
    in_flight: z.number().int(),
    max_in_flight: z.number().int(),
    event_loop_delay_ms: z.number().int(),
  });
  const report = async () => {
    await pingDatabase(ctx.database.db);
    const { ready, in_flight, max_in_flight, event_loop_delay_ms } = app.saturation();
    return { status: 'ok' as const, db: ctx.database.kind, ready, in_flight, max_in_flight, event_loop_delay_ms };
  };

  r.get(systemPaths.health, {
    config: { access: 'public', ...ALWAYS_ANSWERED },
    schema: {
      tags: ['system'],
      description: 'Liveness: 200 while the process and its database answer; `ready` says whether it takes new work.',
      response: { 200: health },
    },
    handler: report,
  });

  r.get(systemPaths.ready, {
    config: { access: 'public', ...ALWAYS_ANSWERED },
    schema: {
      tags: ['system'],
      description: 'Readiness for a load balancer: 503 while this process sheds load, else 200.',
      response: { 200: health, 503: health },
    },
    handler: async (_request, reply) => {
      const body = await report();
      return reply
        .status(body.ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(body);
    },
  });

  r.get(systemPaths.config, {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      description: 'Public settings the web app needs before sign-in.',
      response: { 200: appConfigSchema },
    },
    handler: async () => publicAppConfig(ctx.env),
  });
}
