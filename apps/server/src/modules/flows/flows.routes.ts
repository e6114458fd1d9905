import {
  debugLogListSchema,
  debugLogQuerySchema,
  errorBodySchema,
  flowIdParamsSchema,
  flowsPaths,
  flowStartResultSchema,
} from '@openrescue/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { auditActorOf } from '../audit/audit.actor.js';
import { recordAudit } from '../audit/audit.service.js';
import { errorResponsesWithNotFound } from '../../lib/http-error.js';
import { userPrincipal } from '../../plugins/access.js';
import { listDebugLog } from './debug-log.repository.js';
import { type FlowEndpoint, flowOf, startFlow } from './flows.service.js';

/**
 * The data flows and the debug log (spec 2.13, 7.5; DESIGN "Flows", "Flows and logs endpoints"; decision 0014).
 * Staff only. The flow jobs' handler: flows.setup.ts.
 */
export async function flowsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  r.get(flowsPaths.logs, {
    config: { access: 'staff' },
    schema: {
      tags: ['flows'],
      description:
        'The debug log (Logs screen): entries of failed jobs, flows and mail, and the problems the flows found; newest first.',
      querystring: debugLogQuerySchema,
      response: { 200: debugLogListSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const { limit, page } = request.query;
      const { count, rows } = await listDebugLog(db, limit, page);
      const path = request.url.split('?')[0];
      return {
        data: rows,
        count,
        page,
        limit,
        next: page * limit < count ? `${path}?limit=${limit}&page=${page + 1}` : null,
      };
    },
  });

  const schema = (description: string) => ({
    tags: ['flows'],
    description,
    params: flowIdParamsSchema,
    response: { 202: flowStartResultSchema, 409: errorBodySchema, ...errorResponsesWithNotFound },
  });
  const start = async (request: FastifyRequest, endpoint: FlowEndpoint, id: string) => {
    const flow = flowOf(endpoint, id);
    return startFlow(ctx, userPrincipal(request).userId, flow, (trx, jobId) =>
      recordAudit(trx, auditActorOf(request), {
        action: 'flow.run',
        objectType: 'flow',
        objectId: flow,
        detail: { job_id: jobId },
      }),
    );
  };

  r.post(flowsPaths.flow, {
    config: { access: 'staff' },
    schema: schema(
      'Starts triggerBulkScanToDonationFlow (the four steps in order) as a job flow_{id}_{n}; no body. ' +
        '404 for any other id; 409 "Job already in queue: flow_{id}" while it runs.',
    ),
    handler: async (request, reply) => reply.code(202).send(await start(request, 'flow', request.params.id)),
  });

  r.post(flowsPaths.sproc, {
    config: { access: 'staff' },
    schema: schema(
      'Starts one step (loadBulkScanToQa, loadBulkScanQaToAdjScan, migrateAdjScanToDonation, preloadDonation) ' +
        'as a job flow_{id}_{n}; no body. 404 for an unknown id; 409 "Job already in queue: flow_{id}" while it runs.',
    ),
    handler: async (request, reply) => reply.code(202).send(await start(request, 'sproc', request.params.id)),
  });
}
