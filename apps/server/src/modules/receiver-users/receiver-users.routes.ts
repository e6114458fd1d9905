import {
  errorBodySchema,
  idParamsSchema,
  invitationAcceptedSchema,
  invitationAcceptSchema,
  invitationCheckSchema,
  invitationInfoSchema,
  myReceiverUserListSchema,
  receiverUserCreateSchema,
  receiverUserListSchema,
  receiverUserSchema,
  receiverUsersPaths,
  receiverUsersQuerySchema,
  receiverUserUpdateSchema,
} from '@openrescue/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { errorResponsesWithNotFound, notFound } from '../../lib/http-error.js';
import { userPrincipal } from '../../plugins/access.js';
import { auditActorOf } from '../audit/audit.actor.js';
import { publicReportLink } from '../public-links/public-links.service.js';
import { listReceiverUsers, receiverExists, receiverNames } from './receiver-users.repository.js';
import {
  acceptInvitation,
  checkInvitation,
  createReceiverUser,
  deleteReceiverUser,
  inviteReceiverUser,
  updateReceiverUser,
} from './receiver-users.service.js';

const errors = { ...errorResponsesWithNotFound, 409: errorBodySchema };

/** Charity (receiver) users: staff manage them, the person accepts an invitation, the user reads its own record. */
export async function receiverUsersRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  // An invitation token is 256 random bits; the budget only keeps a script from using the server as a guessing box.
  const publicInvitation = {
    access: 'public' as const,
    rateLimit: {
      max: 30,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `invitation:${request.ip}`,
    },
  };

  r.get(receiverUsersPaths.list, {
    config: { access: 'staff' },
    schema: {
      tags: ['receiver-users'],
      description: "The charity users of a receiver (its detail panel), with their receivers and invitation's state.",
      querystring: receiverUsersQuerySchema,
      response: { 200: receiverUserListSchema, ...errors },
    },
    handler: async (request) => {
      const id = request.query.receiver_id;
      const receiver = await receiverExists(db, id);
      if (!receiver) throw notFound(`No receiver with id ${id}.`);
      const results = await listReceiverUsers(db, { receiverId: id });
      return { count: results.length, results };
    },
  });

  r.post(receiverUsersPaths.list, {
    config: { access: 'staff' },
    schema: {
      tags: ['receiver-users'],
      description:
        'Creates a charity user for an e-mail address, linked to receivers, and mails the person an invitation to ' +
        'set a password (single use, expiring): 201. An address that already is a charity user gets these receivers ' +
        'added to its own: 200. 409 when the address belongs to staff or a company user.',
      body: receiverUserCreateSchema,
      response: { 200: receiverUserSchema, 201: receiverUserSchema, ...errors },
    },
    handler: async (request, reply) => {
      const { record, created } = await createReceiverUser(ctx, auditActorOf(request), request.body);
      return reply.code(created ? 201 : 200).send(record);
    },
  });

  r.patch(receiverUsersPaths.one, {
    config: { access: 'staff' },
    schema: {
      tags: ['receiver-users'],
      description: "Changes a charity user's name or receivers (the whole list); on the audit trail.",
      params: idParamsSchema,
      body: receiverUserUpdateSchema,
      response: { 200: receiverUserSchema, ...errors },
    },
    handler: async (request) => updateReceiverUser(ctx, auditActorOf(request), request.params.id, request.body),
  });

  r.delete(receiverUsersPaths.one, {
    config: { access: 'staff' },
    schema: {
      tags: ['receiver-users'],
      description: 'Removes a charity user: the person is signed out and reads nothing any more; on the audit trail.',
      params: idParamsSchema,
      response: { 204: z.null().describe('Removed.'), ...errors },
    },
    handler: async (request, reply) => {
      await deleteReceiverUser(ctx, auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  r.post(receiverUsersPaths.invite, {
    config: { access: 'staff' },
    schema: {
      tags: ['receiver-users'],
      description: 'Mails the charity user a new invitation; earlier links of the person stop working.',
      params: idParamsSchema,
      response: { 200: receiverUserSchema, ...errors },
    },
    handler: async (request) => inviteReceiverUser(ctx, auditActorOf(request), request.params.id),
  });

  r.get(receiverUsersPaths.me, {
    config: { access: 'signed-in' },
    schema: {
      tags: ['clients'],
      description:
        "The signed-in user's charity (receiver) user record with its receivers' public report links (read-only); " +
        'empty results when there is none.',
      querystring: z.object({}).strict(),
      response: { 200: myReceiverUserListSchema },
    },
    handler: async (request) => {
      const me = userPrincipal(request);
      const row = await ctx.repos.receiverUsers.findByUserId(me.userId);
      if (!row) return { count: 0, results: [] };
      const receivers = row.receiverIds.length ? await receiverNames(db, row.receiverIds) : [];
      return {
        count: 1,
        results: [
          {
            id: row.id,
            name: me.name,
            email: me.email,
            receivers: await Promise.all(
              receivers.map(async (x) => ({
                id: Number(x.id),
                name: x.name,
                report_url: await publicReportLink(ctx, 'receiver', Number(x.id)),
              })),
            ),
          },
        ],
      };
    },
  });

  r.post(receiverUsersPaths.invitation, {
    config: publicInvitation,
    schema: {
      tags: ['receiver-users'],
      description: 'Whom an invitation token is for (e-mail and name) while it can be used; else 404.',
      body: invitationCheckSchema,
      response: { 200: invitationInfoSchema, ...errors, 429: errorBodySchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return checkInvitation(ctx, request.body.token);
    },
  });

  r.post(receiverUsersPaths.accept, {
    config: publicInvitation,
    schema: {
      tags: ['receiver-users'],
      description: "Sets the invited person's password; the token is used up. The person then signs in as usual.",
      body: invitationAcceptSchema,
      response: { 200: invitationAcceptedSchema, ...errors, 429: errorBodySchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return acceptInvitation(ctx, request.body.token, request.body.password);
    },
  });
}
