import {
  donationListQuerySchema,
  donationListSchema,
  DONATIONS_PAGE_MAX,
  donationTotalsQuerySchema,
  donationTotalsSchema,
  errorBodySchema,
  idParamsSchema,
  receiverSchema,
  reportsPaths,
  reportStoresQuerySchema,
  storeListSchema,
  storeSchema,
} from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { notFound, errorResponsesWithNotFound } from '../../lib/http-error.js';
import { listDonations } from './donations.repository.js';
import { createHeavyReads } from './heavy-reads.js';
import { nextOffsetUrl, nextPageUrl } from './paging.js';
import { listReceivers, listStores } from './places.repository.js';
import { assertFiltersVisible, resolveViewer, viewerFilter } from './reports.policy.js';
import { intervalOf } from './time-bounds.js';
import { donationTotals } from './totals.service.js';

const errors = errorResponsesWithNotFound;

/** Spec 7.3 reports: donation totals, raw donations, store and receiver report headers. */
export async function reportsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const heavyRead = createHeavyReads(ctx);

  r.get(reportsPaths.donationTotals, {
    config: { access: 'client' },
    schema: {
      tags: ['reports'],
      description:
        'Donation weight (and with annotate_metrics the impact sums) grouped by the annotations and period, from the ' +
        'rollups. money_saved__sum only for admin-style users. Scoped to what the caller may see (section 6).',
      querystring: donationTotalsQuerySchema,
      response: { 200: donationTotalsSchema, ...errors, 429: errorBodySchema },
    },
    handler: (request, reply) =>
      heavyRead('reports', request, reply, async () =>
        donationTotals(ctx, await resolveViewer(ctx, request), request.query, request.url),
      ),
  });

  r.get(reportsPaths.donations, {
    config: { access: 'client' },
    schema: {
      tags: ['reports'],
      description:
        `Raw donation rows, oldest first, at most ${DONATIONS_PAGE_MAX} per page (a larger limit is served page by ` +
        'page: follow next); expand=from_store,from_company adds names.',
      querystring: donationListQuerySchema,
      response: { 200: donationListSchema, ...errors, 429: errorBodySchema },
    },
    handler: (request, reply) =>
      heavyRead('reports', request, reply, async () => {
        const q = request.query;
        const limit = Math.min(q.limit, DONATIONS_PAGE_MAX);
        const rv = await resolveViewer(ctx, request);
        const interval = intervalOf(q);
        await assertFiltersVisible(ctx, rv, q.filter);
        const expand = new Set(q.expand ?? []);
        const { count, results } = await listDonations(db, {
          interval,
          filter: viewerFilter(rv, q.filter),
          expandStore: expand.has('from_store'),
          expandCompany: expand.has('from_company'),
          limit,
          offset: q.offset,
        });
        return { count, next: nextOffsetUrl(request.url, q.offset, limit, count), results };
      }),
  });

  r.get(reportsPaths.stores, {
    config: { access: 'client' },
    schema: {
      tags: ['reports'],
      description: 'Store report headers (spec section 3 Store) the caller may see, optionally of some companies.',
      querystring: reportStoresQuerySchema,
      response: { 200: storeListSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const rv = await resolveViewer(ctx, request);
      if (q.company_id) await assertFiltersVisible(ctx, rv, { companyIds: q.company_id });
      const offset = (q.page - 1) * q.page_size;
      const { count, results } = await listStores(
        db,
        rv.scope,
        { companyIds: q.company_id, limit: q.page_size, offset },
        true,
      );
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results };
    },
  });

  r.get(reportsPaths.store, {
    config: { access: 'client' },
    schema: {
      tags: ['reports'],
      description: "One store's report header: name, company, start date, receivers and the poster's N.",
      params: idParamsSchema,
      response: { 200: storeSchema, ...errors },
    },
    handler: async (request) => {
      const rv = await resolveViewer(ctx, request);
      const { results } = await listStores(db, rv.scope, { ids: [request.params.id], limit: 1, offset: 0 }, true);
      if (!results[0]) throw notFound(`No store with id ${request.params.id}.`);
      return results[0];
    },
  });

  r.get(reportsPaths.receiver, {
    config: { access: 'client' },
    schema: {
      tags: ['reports'],
      description: "One receiver's report header with the stores it serves that the caller may see.",
      params: idParamsSchema,
      response: { 200: receiverSchema, ...errors },
    },
    handler: async (request) => {
      const rv = await resolveViewer(ctx, request);
      const { results } = await listReceivers(db, rv.scope, { ids: [request.params.id], limit: 1, offset: 0 }, true);
      if (!results[0]) throw notFound(`No receiver with id ${request.params.id}.`);
      return results[0];
    },
  });
}
