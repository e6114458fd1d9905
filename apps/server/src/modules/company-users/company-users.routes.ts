import { canAccessAllStores, companyUserListSchema, companyUsersPaths } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { userPrincipal } from '../../plugins/access.js';

export async function companyUsersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(companyUsersPaths.companyUser, {
    config: { access: 'signed-in' },
    schema: {
      tags: ['clients'],
      description: "The signed-in user's company user record; empty results when there is none.",
      querystring: z.object({}).strict(),
      response: { 200: companyUserListSchema },
    },
    handler: async (request) => {
      const me = userPrincipal(request);
      const row = await ctx.repos.companyUsers.findByUserId(me.userId);
      const results = row
        ? [{ ...row, permissions: { canAccessAllStores: canAccessAllStores(row.company_user_role) } }]
        : [];
      return { count: results.length, results };
    },
  });
}
