import {
  companiesQuerySchema,
  companyLookupListSchema,
  lookupsPaths,
  reasonListSchema,
  reasonsQuerySchema,
  receiverListSchema,
  receiverLookupListSchema,
  receiversLookupQuerySchema,
  retailReceiversQuerySchema,
  retailStoresQuerySchema,
  storeListSchema,
  storeLookupListSchema,
  storesLookupQuerySchema,
} from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses } from '../../lib/http-error.js';
import { nextPageUrl } from '../reports/paging.js';
import { listReceivers, listStores } from '../reports/places.repository.js';
import { resolveViewer } from '../reports/reports.policy.js';
import { createLookupsRepository } from './lookups.repository.js';

const errors = errorResponses;

/** Spec 7.3 lookup lists, each limited to what the caller may see (section 6). */
export async function lookupsRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const repo = createLookupsRepository(db);
  const page = (q: { page: number; page_size: number }) => ({ limit: q.page_size, offset: (q.page - 1) * q.page_size });

  r.get(lookupsPaths.companies, {
    config: { access: 'client' },
    schema: {
      tags: ['lookups'],
      description: 'Companies the caller may see, read as a data list (id, name, logo_image_url).',
      querystring: companiesQuerySchema,
      response: { 200: companyLookupListSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const rv = await resolveViewer(ctx, request);
      const { count, rows } = await repo.companies(rv.scope, { ids: q.id, search: q.search, ...page(q) });
      return { count, data: rows };
    },
  });

  r.get(lookupsPaths.receivers, {
    config: { access: 'client' },
    schema: {
      tags: ['lookups'],
      description: 'Receivers the caller may see (id, name, receiver_type); page_size up to 10000.',
      querystring: receiversLookupQuerySchema,
      response: { 200: receiverLookupListSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const rv = await resolveViewer(ctx, request);
      const { count, rows } = await repo.receivers(rv.scope, {
        ids: q.id,
        search: q.search,
        receiverType: q.receiver_type,
        ...page(q),
      });
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results: rows };
    },
  });

  r.get(lookupsPaths.stores, {
    config: { access: 'client' },
    schema: {
      tags: ['lookups'],
      description: 'Stores the caller may see (id, name, company_id); page_size up to 10000.',
      querystring: storesLookupQuerySchema,
      response: { 200: storeLookupListSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const rv = await resolveViewer(ctx, request);
      const { count, rows } = await repo.stores(rv.scope, {
        ids: q.id,
        companyIds: q.company_id,
        search: q.search,
        ...page(q),
      });
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results: rows };
    },
  });

  r.get(lookupsPaths.reasons, {
    config: { access: 'client' },
    schema: {
      tags: ['lookups'],
      description: 'No-pickup reasons (id, reason).',
      querystring: reasonsQuerySchema,
      response: { 200: reasonListSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      await resolveViewer(ctx, request);
      const { count, rows } = await repo.reasons(page(q));
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results: rows };
    },
  });

  r.get(lookupsPaths.retailStores, {
    config: { access: 'client' },
    schema: {
      tags: ['lookups'],
      description:
        'Stores (spec section 3) the caller may see; search by name; expand=receivers gives receiver objects.',
      querystring: retailStoresQuerySchema,
      response: { 200: storeListSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const rv = await resolveViewer(ctx, request);
      const filters = { ids: q.id, companyIds: q.company_id, search: q.search, storeOrdering: q.ordering, ...page(q) };
      const { count, results } = await listStores(db, rv.scope, filters, q.expand === 'receivers');
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results };
    },
  });

  r.get(lookupsPaths.retailReceivers, {
    config: { access: 'client' },
    schema: {
      tags: ['lookups'],
      description: 'Receivers (spec section 3) the caller may see; expand=store_set gives store objects.',
      querystring: retailReceiversQuerySchema,
      response: { 200: receiverListSchema, ...errors },
    },
    handler: async (request) => {
      const q = request.query;
      const rv = await resolveViewer(ctx, request);
      const filters = {
        ids: q.id,
        search: q.search,
        receiverType: q.receiver_type,
        receiverOrdering: q.ordering,
        ...page(q),
      };
      const { count, results } = await listReceivers(db, rv.scope, filters, q.expand === 'store_set');
      return { count, next: nextPageUrl(request.url, q.page, q.page_size, count), results };
    },
  });
}
