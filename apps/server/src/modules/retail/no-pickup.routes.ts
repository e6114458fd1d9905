import { bulkScanRowSchema, errorBodySchema, noPickupBodySchema, noPickupsPaths } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../lib/http-error.js';
import { userPrincipal } from '../../plugins/access.js';
import { recordNoPickup } from './no-pickup.service.js';

/** Staff record a no-pickup from the console (issue 36, decision 0062); the No-pickups list shows it at once. */
export async function noPickupRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(noPickupsPaths.record, {
    config: { access: 'staff' },
    schema: {
      tags: ['retail'],
      description:
        'Records that a scheduled pickup did not happen, and why: a bulk scan with a reason and no weight, which ' +
        "the stipend report counts. The day is the network's (not after today, at most 90 days back) and within the " +
        "store and receiver's pickup schedule; the author is the signed-in user (any other field is refused). " +
        'A second no-pickup of the same store, receiver and day answers 409 and adds nothing.',
      body: noPickupBodySchema,
      response: { 201: bulkScanRowSchema, 409: errorBodySchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const principal = userPrincipal(request);
      const row = await recordNoPickup(
        ctx.database.db,
        { userId: principal.userId, email: principal.email },
        request.body,
      );
      return reply.code(201).send(row);
    },
  });
}
