import {
  posterLinkCodeParamsSchema,
  posterLinkParamsSchema,
  posterLinkSchema,
  publicLinkParamsSchema,
  publicLinkSchema,
  publicLinksPaths,
} from '@openrescue/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { redirectAnswer } from '../../lib/file-answers.js';
import { errorResponsesWithNotFound } from '../../lib/http-error.js';
import { auditRequest, credentialEnd } from '../audit/audit.actor.js';
import { currentPosterLink, posterLinkTarget, revokePosterLink } from './poster-links.service.js';
import { currentLink, rotateLink } from './public-links.service.js';

const errors = errorResponsesWithNotFound;
/** Scans of printed posters, per client address; every answer counts, so codes cannot be guessed at speed. */
const POSTER_SCANS_PER_MINUTE = 120;

/** Staff management of the read-only public report links and the posters' short links (DESIGN.md "Public links"). */
export async function publicLinksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(publicLinksPaths.link, {
    config: { access: 'staff' },
    schema: {
      tags: ['public-links'],
      description: "The receiver's or store's current public report link (with its signed tk).",
      params: publicLinkParamsSchema,
      response: { 200: publicLinkSchema, ...errors },
    },
    handler: async (request) => currentLink(ctx, request.params.kind, request.params.id),
  });

  r.post(publicLinksPaths.rotate, {
    config: { access: 'staff' },
    schema: {
      tags: ['public-links'],
      description:
        'Rotates the link: token_version + 1, every older link (shared, mailed) stops working; the short links ' +
        'printed on posters are not affected. Returns the new link.',
      params: publicLinkParamsSchema,
      response: { 200: publicLinkSchema, ...errors },
    },
    handler: async (request) => {
      const link = await rotateLink(ctx, request.params.kind, request.params.id);
      await auditRequest(ctx.database.db, request, {
        action: 'public_link.rotate',
        objectType: link.kind,
        objectId: link.id,
        before: { token_version: link.token_version - 1 },
        after: { token_version: link.token_version },
      });
      return link;
    },
  });

  r.get(publicLinksPaths.posterLink, {
    config: { access: 'staff' },
    schema: {
      tags: ['public-links'],
      description: "The store's live poster link, the short address its posters' QR codes carry (made on first use).",
      params: posterLinkParamsSchema,
      response: { 200: posterLinkSchema, ...errors },
    },
    handler: async (request) =>
      currentPosterLink(ctx, request.params.id, (link) =>
        auditRequest(ctx.database.db, request, {
          action: 'poster_link.create',
          objectType: 'store',
          objectId: link.store_id,
          after: { code: credentialEnd(link.code), created_at: link.created_at },
        }),
      ),
  });

  r.post(publicLinksPaths.revokePosterLink, {
    config: { access: 'staff' },
    schema: {
      tags: ['public-links'],
      description:
        'Revokes the poster link: every poster printed with it stops opening the report; posters made from now on ' +
        "carry the new one returned. The store's report link is not affected.",
      params: posterLinkParamsSchema,
      response: { 200: posterLinkSchema, ...errors },
    },
    handler: async (request) => {
      const link = await revokePosterLink(ctx, request.params.id);
      await auditRequest(ctx.database.db, request, {
        action: 'poster_link.revoke',
        objectType: 'store',
        objectId: link.store_id,
        after: { code: credentialEnd(link.code), created_at: link.created_at },
      });
      return link;
    },
  });

  r.get(publicLinksPaths.posterShort, {
    config: {
      access: 'public',
      rateLimit: {
        max: POSTER_SCANS_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `poster-link:${request.ip}`,
      },
    },
    schema: {
      tags: ['public-links'],
      description:
        "A printed poster's short link: 302 to the store's public report with a token of the poster link; an unknown " +
        'code leads to the public wrong-address page.',
      params: posterLinkCodeParamsSchema,
      response: { 302: redirectAnswer("To the store's public report, or to the wrong-address page.") },
    },
    handler: async (request, reply) => {
      // Typed by hand from the print: any case, and the letters people mistake for digits.
      const code = request.params.code.toLowerCase().replace(/[il]/g, '1').replace(/o/g, '0');
      const target = await posterLinkTarget(ctx, code);
      return reply.header('cache-control', 'no-store').redirect(target ?? `/public/p/${encodeURIComponent(code)}`, 302);
    },
  });
}
