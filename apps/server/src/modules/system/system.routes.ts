import { sql } from 'kysely';
import { appConfigSchema } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ALWAYS_ANSWERED } from '../../plugins/load-shedding.js';
import { publicAppConfig } from './app-config.js';

export async function systemRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/health', {
    config: { access: 'public', ...ALWAYS_ANSWERED },
    schema: {
      tags: ['system'],
      response: { 200: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']) }) },
    },
    handler: async () => {
      await sql`select 1`.execute(ctx.database.db);
      return { status: 'ok' as const, db: ctx.database.kind };
    },
  });

  r.get('/core-api/api/config', {
    config: { access: 'public' },
    schema: { tags: ['system'], description: 'Public settings the web app needs before sign-in.', response: { 200: appConfigSchema } },
    handler: async () => publicAppConfig(ctx.env),
  });
}
