import {
  API_KEY_REQUESTS_PER_MINUTE,
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  apiKeySchema,
  dashboardExportPaths,
  ERROR_TYPES,
  errorBodySchema,
  figuresQuerySchema,
  figuresSchema,
  type Figures,
  type FiguresQuery,
} from '@openrescue/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { XLSX_CONTENT_TYPE } from '../../documents/content-types.js';
import { attachmentDisposition } from '../../documents/file-names.js';
import { fileAnswer } from '../../lib/file-answers.js';
import { errorResponses, errorResponsesWithNotFound, HttpError, notFound } from '../../lib/http-error.js';
import { userPrincipal } from '../../plugins/access.js';
import { auditActorOf } from '../audit/audit.actor.js';
import { auditedChange } from '../audit/audit.service.js';
import { createHeavyReads } from '../reports/heavy-reads.js';
import { resolveViewer, type ResolvedViewer } from '../reports/reports.policy.js';
import { visibleCompanies, visibleStores } from '../reports/visibility.repository.js';
import {
  companyAdminOf,
  companyKeyViewer,
  createCompanyKey,
  listCompanyKeys,
  revokeCompanyKey,
} from './api-keys.service.js';
import { figuresCsv, figuresFileName, figuresXlsx } from './figures-files.js';
import { dashboardFigures } from './figures.service.js';

const tags = ['reports'];
const QUERY_HELP =
  'entry_time__gte and entry_time__lte: the first and last calendar day (network time zone); from_company_id, ' +
  'from_store_id, receiver_id: the scope as donation_totals takes it; annotate_entry_time: the graphs by day, week ' +
  'or month.';

/** The scope's name for the xlsx's About sheet: its stores or companies, else everything the caller may see. */
async function scopeLabel(ctx: AppContext, rv: ResolvedViewer, query: FiguresQuery): Promise<string> {
  const db = ctx.database.db;
  const { storeIds, companyIds } = query.filter;
  if (storeIds?.length) return (await visibleStores(db, rv.scope, storeIds)).map((s) => s.name).join(', ');
  if (companyIds?.length) return (await visibleCompanies(db, rv.scope, companyIds)).map((c) => c.name).join(', ');
  if (rv.scope.kind === 'company') {
    const [company] = await visibleCompanies(db, rv.scope, [rv.scope.companyId]);
    return `${company?.name ?? `Company ${rv.scope.companyId}`}: all stores`;
  }
  return rv.scope.kind === 'all' ? 'All stores' : 'Your store';
}

/**
 * Issue 38 section 2 (decision 0074): the figures behind a dashboard as JSON, CSV and xlsx for signed-in users (the
 * scope rules of donation_totals; money only for those who may see it), the same figures as JSON for integrations
 * with a company API key (read-only, rate-limited per key), and the keys, which a company admin creates and revokes.
 */
export async function dashboardExportRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const heavyRead = createHeavyReads(ctx);

  const figuresOf = async (request: FastifyRequest, query: FiguresQuery) => {
    const rv = await resolveViewer(ctx, request);
    return { rv, figures: await dashboardFigures(ctx, rv, query) };
  };
  const sendFile = (reply: FastifyReply, figures: Figures, type: string, extension: 'csv' | 'xlsx', body: Buffer) =>
    reply
      .header('content-type', type)
      .header('content-disposition', attachmentDisposition(figuresFileName(figures, extension)))
      .header('cache-control', 'no-store')
      .send(body);

  r.get(dashboardExportPaths.figures, {
    config: { access: 'signed-in' },
    schema: {
      tags,
      description:
        "The figures behind the dashboard's cards and graphs: totals, by department, by destination, and both by " +
        `period, in kg and lb; money_saved only for users who may see it. ${QUERY_HELP}`,
      querystring: figuresQuerySchema,
      response: { 200: figuresSchema, ...errorResponsesWithNotFound, 429: errorBodySchema },
    },
    handler: (request, reply) =>
      heavyRead('reports', request, reply, async () => (await figuresOf(request, request.query)).figures),
  });

  r.get(dashboardExportPaths.figuresCsv, {
    config: { access: 'signed-in' },
    schema: {
      tags,
      description: `The dashboard's figures as CSV, one row per figure (the JSON's numbers unformatted). ${QUERY_HELP}`,
      querystring: figuresQuerySchema,
      response: {
        200: fileAnswer('The figures as CSV.', ['text/csv; charset=utf-8']),
        ...errorResponsesWithNotFound,
        429: errorBodySchema,
      },
    },
    handler: (request, reply) =>
      heavyRead('reports', request, reply, async () => {
        const { figures } = await figuresOf(request, request.query);
        return sendFile(reply, figures, 'text/csv; charset=utf-8', 'csv', await figuresCsv(figures));
      }),
  });

  r.get(dashboardExportPaths.figuresXlsx, {
    config: { access: 'signed-in' },
    schema: {
      tags,
      description: `The dashboard's figures as a workbook: totals, departments, destinations, each by period. ${QUERY_HELP}`,
      querystring: figuresQuerySchema,
      response: {
        200: fileAnswer('The figures as a workbook.', [XLSX_CONTENT_TYPE]),
        ...errorResponsesWithNotFound,
        429: errorBodySchema,
      },
    },
    handler: (request, reply) =>
      heavyRead('reports', request, reply, async () => {
        const { rv, figures } = await figuresOf(request, request.query);
        const label = await scopeLabel(ctx, rv, request.query);
        return sendFile(reply, figures, XLSX_CONTENT_TYPE, 'xlsx', await figuresXlsx(figures, label));
      }),
  });

  // ---- the integration API: a company API key, its company's figures, read-only, rate-limited per key ----
  const viewerOf = new WeakMap<FastifyRequest, ResolvedViewer & { keyId: number }>();
  const companyKey = async (request: FastifyRequest) => {
    viewerOf.set(request, await companyKeyViewer(ctx, request.headers.authorization));
  };
  r.get(dashboardExportPaths.integrationFigures, {
    config: {
      access: 'integration',
      rateLimit: {
        max: API_KEY_REQUESTS_PER_MINUTE,
        timeWindow: '1 minute',
        keyGenerator: (request: FastifyRequest) => `company-api-key:${viewerOf.get(request)?.keyId ?? request.ip}`,
      },
    },
    onRequest: [companyKey],
    schema: {
      tags,
      security: [{ companyApiKey: [] }],
      description:
        "A company's dashboard figures for integrations, with a company API key (Authorization: Bearer <key>): the " +
        "same figures as the dashboard and its export, for every store of the key's company or some of them " +
        `(another company's store answers 404); money saved is not included. At most ${API_KEY_REQUESTS_PER_MINUTE} ` +
        `requests a minute per key (429 after). Read-only: other methods answer 405. ${QUERY_HELP}`,
      querystring: figuresQuerySchema,
      response: { 200: figuresSchema, ...errorResponsesWithNotFound, 429: errorBodySchema },
    },
    handler: (request, reply) =>
      heavyRead('reports', request, reply, async () => dashboardFigures(ctx, viewerOf.get(request)!, request.query)),
  });
  // Read-only: a write of any kind is refused, key or no key.
  app.route({
    method: ['POST', 'PUT', 'PATCH', 'DELETE'],
    url: dashboardExportPaths.integrationFigures,
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_request, reply) => {
      reply.header('allow', 'GET, HEAD');
      throw new HttpError(
        405,
        ERROR_TYPES.validation,
        'The figures API is read-only.',
        'only GET and HEAD are allowed',
      );
    },
  });

  // ---- company API keys: a company admin's, shown once ----
  r.get(dashboardExportPaths.apiKeys, {
    config: { access: 'signed-in' },
    schema: {
      tags,
      description:
        "The company's API keys, newest first, revoked ones too (never the keys themselves). Company admins.",
      response: { 200: apiKeyListSchema, ...errorResponses },
    },
    handler: async (request) => ({
      results: await listCompanyKeys(ctx, await companyAdminOf(ctx, userPrincipal(request))),
    }),
  });

  r.post(dashboardExportPaths.apiKeys, {
    config: { access: 'signed-in' },
    schema: {
      tags,
      description:
        "Creates an API key for the company's figures (GET /core-api/api/integrations/figures). The key is in this " +
        'answer only; the server keeps its hash. Company admins.',
      body: apiKeyCreateSchema,
      response: { 201: apiKeyCreatedSchema, 409: errorBodySchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const companyId = await companyAdminOf(ctx, userPrincipal(request));
      const actor = auditActorOf(request);
      const key = await auditedChange(
        ctx.database.db,
        actor,
        (trx) => createCompanyKey(trx, companyId, request.body.name, actor.label),
        ({ key: _secret, ...shown }) => ({
          action: 'api_key.create',
          objectType: 'api_key',
          objectId: shown.id,
          after: shown,
          detail: { company_id: companyId },
        }),
      );
      return reply.code(201).send(key);
    },
  });

  r.delete(dashboardExportPaths.apiKey, {
    config: { access: 'signed-in' },
    schema: {
      tags,
      description:
        "Revokes one of the company's API keys: it stops working at once (the row stays, with revoked_at). Company admins.",
      params: apiKeyIdParamsSchema,
      response: { 200: apiKeySchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const companyId = await companyAdminOf(ctx, userPrincipal(request));
      const key = await auditedChange(
        ctx.database.db,
        auditActorOf(request),
        (trx) => revokeCompanyKey(trx, companyId, request.params.id),
        (revoked) =>
          revoked && {
            action: 'api_key.revoke',
            objectType: 'api_key',
            objectId: revoked.id,
            after: { name: revoked.name, revoked_at: revoked.revoked_at },
            detail: { company_id: companyId },
          },
      );
      if (!key) throw notFound('No such API key.');
      return key;
    },
  });
}
