import { publicLinkParamsSchema, publicLinkSchema } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponsesWithNotFound } from '../../lib/http-error.js';
import { currentLink, rotateLink } from './public-links.service.js';

const errors = errorResponsesWithNotFound;

/** Staff management of the read-only public report links (DESIGN.md "Public links"). */
export async function publicLinksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/ops-api/public-links/:kind/:id', {
    config: { access: 'staff' },
    schema: {
      tags: ['public-links'],
      description: "The receiver's or store's current public report link (with its signed tk).",
      params: publicLinkParamsSchema,
      response: { 200: publicLinkSchema, ...errors },
    },
    handler: async (request) => currentLink(ctx, request.params.kind, request.params.id),
  });

  r.post('/ops-api/public-links/:kind/:id/rotate', {
    config: { access: 'staff' },
    schema: {
      tags: ['public-links'],
      description: 'Rotates the link: token_version + 1, every older link stops working. Returns the new link.',
      params: publicLinkParamsSchema,
      response: { 200: publicLinkSchema, ...errors },
    },
    handler: async (request) => rotateLink(ctx, request.params.kind, request.params.id),
  });
}
