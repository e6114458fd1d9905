import {
  clientLinksPaths,
  type LinkPaths,
  posterLinkCodeParamsSchema,
  posterLinkParamsSchema,
  posterLinkSchema,
  publicLinkParamsSchema,
  publicLinkSchema,
  publicLinksPaths,
} from '@openrescue/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { redirectAnswer } from '../../lib/file-answers.js';
import { errorResponsesWithNotFound } from '../../lib/http-error.js';
import { auditActorOf, auditRequest, credentialEnd } from '../audit/audit.actor.js';
import { type AuditEntry, recordAudit } from '../audit/audit.service.js';
import { currentPosterLink, type PosterLink, posterLinkTarget, revokePosterLink } from './poster-links.service.js';
import type { Access } from '../../plugins/access.js';
import { operationIdOf } from '../../plugins/openapi-operation.js';
import { assertLinkOwner } from './public-links.owners.js';
import { currentLink, type LinkKind, rotateLink } from './public-links.service.js';

const errors = errorResponsesWithNotFound;
/** Scans of printed posters, per client address; every answer counts, so codes cannot be guessed at speed. */
const POSTER_SCANS_PER_MINUTE = 120;

/** Checks the caller may manage this store's or receiver's links (staff: anyone; owners: public-links.owners.ts). */
type OwnerCheck = (request: FastifyRequest, kind: LinkKind, id: number) => Promise<void>;

interface LinkSet {
  paths: LinkPaths;
  access: Access;
  owner: OwnerCheck;
  /** A sentence the descriptions end with (none for staff: theirs are the console's routes as they were). */
  who: string;
  /** Ends the operationIds (the two sets' paths differ only in their service prefix). */
  idSuffix: string;
}

/**
 * The management of one set of link routes: the console's (staff) and the client app's (the links' owners, issue 37
 * section 3) are the same routes behind a different who-may check, with the same audit entries (who: the session's
 * user). Copying is recorded too: the client says when its copy button put a link on the clipboard.
 */
function linkManagement(app: FastifyInstance, ctx: AppContext, { paths, access, owner, who, idSuffix }: LinkSet) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['public-links'];
  const operationId = (method: string, url: string) => `${operationIdOf(method, url)}${idSuffix}`;

  r.get(paths.link, {
    config: { access },
    schema: {
      tags,
      operationId: operationId('GET', paths.link),
      description: `The receiver's or store's current public report link (with its signed tk).${who}`,
      params: publicLinkParamsSchema,
      response: { 200: publicLinkSchema, ...errors },
    },
    handler: async (request) => {
      await owner(request, request.params.kind, request.params.id);
      return currentLink(ctx, request.params.kind, request.params.id);
    },
  });

  r.post(paths.rotate, {
    config: { access },
    schema: {
      tags,
      operationId: operationId('POST', paths.rotate),
      description:
        'Rotates the link: token_version + 1, every older link (shared, mailed) stops working; the short links ' +
        `printed on posters are not affected. Returns the new link.${who}`,
      params: publicLinkParamsSchema,
      response: { 200: publicLinkSchema, ...errors },
    },
    handler: async (request) => {
      await owner(request, request.params.kind, request.params.id);
      const { kind, id } = request.params;
      return rotateLink(ctx, kind, id, (trx, version) =>
        recordAudit(trx, auditActorOf(request), {
          action: 'public_link.rotate',
          objectType: kind,
          objectId: id,
          before: { token_version: version - 1 },
          after: { token_version: version },
        }),
      );
    },
  });

  r.post(paths.copied, {
    config: { access },
    schema: {
      tags,
      operationId: operationId('POST', paths.copied),
      description: `Records in the audit trail that the current report link was copied to be shared.${who}`,
      params: publicLinkParamsSchema,
      response: { 200: publicLinkSchema, ...errors },
    },
    handler: async (request) => {
      await owner(request, request.params.kind, request.params.id);
      const link = await currentLink(ctx, request.params.kind, request.params.id);
      await auditRequest(ctx.database.db, request, {
        action: 'public_link.copy',
        objectType: link.kind,
        objectId: link.id,
        detail: { token_version: link.token_version },
      });
      return link;
    },
  });

  r.get(paths.posterLink, {
    config: { access },
    schema: {
      tags,
      operationId: operationId('GET', paths.posterLink),
      description:
        "The store's live poster link, the short address its posters' QR codes carry (made on first use)." + who,
      params: posterLinkParamsSchema,
      response: { 200: posterLinkSchema, ...errors },
    },
    handler: async (request) => {
      await owner(request, 'store', request.params.id);
      return currentPosterLink(ctx, request.params.id, auditCreated(request));
    },
  });

  r.post(paths.revokePosterLink, {
    config: { access },
    schema: {
      tags,
      operationId: operationId('POST', paths.revokePosterLink),
      description:
        'Revokes the poster link: every poster printed with it stops opening the report; posters made from now on ' +
        `carry the new one returned. The store's report link is not affected.${who}`,
      params: posterLinkParamsSchema,
      response: { 200: posterLinkSchema, ...errors },
    },
    handler: async (request) => {
      await owner(request, 'store', request.params.id);
      return revokePosterLink(ctx, request.params.id, (trx, link) =>
        recordAudit(trx, auditActorOf(request), posterLinkEntry('poster_link.revoke', link)),
      );
    },
  });

  r.post(paths.posterCopied, {
    config: { access },
    schema: {
      tags,
      operationId: operationId('POST', paths.posterCopied),
      description: `Records in the audit trail that the store's poster link was copied to be shared.${who}`,
      params: posterLinkParamsSchema,
      response: { 200: posterLinkSchema, ...errors },
    },
    handler: async (request) => {
      await owner(request, 'store', request.params.id);
      // A copy made before any read of the link makes it: that is on the trail too.
      const link = await currentPosterLink(ctx, request.params.id, auditCreated(request));
      await auditRequest(ctx.database.db, request, {
        action: 'poster_link.copy',
        objectType: 'store',
        objectId: link.store_id,
        detail: { code: credentialEnd(link.code) },
      });
      return link;
    },
  });
}

/** Writes the poster link's creation on the trail, as the request's user, in the transaction that made it. */
const auditCreated = (request: FastifyRequest) => (trx: Kysely<DB>, link: PosterLink) =>
  recordAudit(trx, auditActorOf(request), posterLinkEntry('poster_link.create', link));

/** A poster link's entry on the trail: the end of its code (never enough to use) and when it was made. */
const posterLinkEntry = (action: 'poster_link.create' | 'poster_link.revoke', link: PosterLink): AuditEntry => ({
  action,
  objectType: 'store',
  objectId: link.store_id,
  after: { code: credentialEnd(link.code), created_at: link.created_at },
});

/**
 * The read-only public report links and the posters' short links (DESIGN.md "Public links"): managed by staff in the
 * console and by their owners in the client app, and the posters' short address itself.
 */
export async function publicLinksRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  linkManagement(app, ctx, { paths: publicLinksPaths, access: 'staff', owner: async () => {}, who: '', idSuffix: '' });
  linkManagement(app, ctx, {
    paths: clientLinksPaths,
    access: 'client',
    owner: (request, kind, id) => assertLinkOwner(ctx, request, kind, id),
    who:
      " For the links' owners: company users who reach every store of the store's company, a charity's users for " +
      'its receivers (decision 0069).',
    idSuffix: 'AsOwner',
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

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
