import {
  NETWORK_LIMIT, networkOrganizationListSchema, networkOrganizationsQuerySchema, networkRegionsSchema,
  networkTotalsQuerySchema, networkTotalsSchema, publicNetworkOrganizationsQuerySchema, publicNetworkRegionQuerySchema,
  publicNetworkRegionSchema, publicNetworkTotalsQuerySchema, type NetworkArea,
} from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses, errorResponsesWithNotFound } from '../../lib/http-error.js';
import { loadNetworkSettings, type NetworkSettings } from './network.config.js';
import { sendPayload } from './network.payload.js';
import { loadRegions } from './network.repository.js';
import {
  networkDonationTotals, networkImpact, organizationsPayload, outlinesOf, presentRegion, regionBySecret,
} from './network.service.js';

const tags = ['network'];

/**
 * Spec 7.4, decision 0011. Staff call retail/network/ (limit 999), network/impact, network/donation_totals and
 * network/regions; the public pages call the same under /public/ with the region's secret (limit 10000). A wrong
 * secret or an unknown region answers 404.
 */
export async function networkRoutes(
  app: FastifyInstance,
  { ctx, settings = loadNetworkSettings() }: { ctx: AppContext; settings?: NetworkSettings },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const staffTotals = { metrics: false, moneySaved: true };

  r.get('/core-api/api/retail/network/', {
    config: { access: 'staff' },
    schema: {
      tags,
      description: `Network participants (verified 1 or 2) in the area, at most ${NETWORK_LIMIT.ops} (ops map).`,
      querystring: networkOrganizationsQuerySchema,
      response: { 200: networkOrganizationListSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      sendPayload(request, reply, await organizationsPayload(ctx, request.query.in_area, request.query.limit)),
  });

  r.get('/core-api/api/network/impact', {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'Impact of the retail program in the area: donations from stores in the area, from the rollups.',
      querystring: networkTotalsQuerySchema,
      response: { 200: networkTotalsSchema, ...errorResponses },
    },
    handler: (request) =>
      networkImpact(ctx, request.query.in_area, { ...staffTotals, metrics: request.query.annotate_metrics === true }),
  });

  r.get('/core-api/api/network/donation_totals', {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'Donations recorded for the other network organizations in the area (never counted in network/impact).',
      querystring: networkTotalsQuerySchema,
      response: { 200: networkTotalsSchema, ...errorResponses },
    },
    handler: (request) =>
      networkDonationTotals(ctx, request.query.in_area, { ...staffTotals, metrics: request.query.annotate_metrics === true }),
  });

  r.get('/core-api/api/network/regions', {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'Every map region with its page settings and public page path (which carries the secret).',
      response: { 200: networkRegionsSchema, ...errorResponses },
    },
    handler: async () => {
      const rows = await loadRegions(ctx.database.db);
      return {
        results: rows.map((row) => ({
          ...presentRegion(row, settings),
          public_path: `/public/network/${row.code}/${encodeURIComponent(row.secret)}`,
        })),
        outlines: outlinesOf(rows),
        map_style_url: settings.mapStyleUrl,
      };
    },
  });

  // ---- public: the region's secret instead of a sign-in ----
  const publicTotals = { metrics: false, moneySaved: false };

  r.get('/core-api/api/public/network/region', {
    config: { access: 'public' },
    schema: {
      tags,
      description: 'A public region page: title, help text, zoom, outline, links and the map style. 404 on a wrong secret.',
      querystring: publicNetworkRegionQuerySchema,
      response: { 200: publicNetworkRegionSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const region = await regionBySecret(ctx, request.query.in_area, request.query.secret);
      return {
        region: presentRegion(region, settings),
        outlines: outlinesOf(await loadRegions(ctx.database.db)),
        map_style_url: settings.mapStyleUrl,
      };
    },
  });

  r.get('/core-api/api/public/retail/network/', {
    config: { access: 'public' },
    schema: {
      tags,
      description: `Network participants in the region, at most ${NETWORK_LIMIT.public} (public map). 404 on a wrong secret.`,
      querystring: publicNetworkOrganizationsQuerySchema,
      response: { 200: networkOrganizationListSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request, reply) => {
      const region = await regionBySecret(ctx, request.query.in_area, request.query.secret);
      return sendPayload(request, reply, await organizationsPayload(ctx, region.code as NetworkArea, request.query.limit));
    },
  });

  r.get('/core-api/api/public/network/impact', {
    config: { access: 'public' },
    schema: {
      tags,
      description: 'network/impact of the region (no money saved). 404 on a wrong secret.',
      querystring: publicNetworkTotalsQuerySchema,
      response: { 200: networkTotalsSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const region = await regionBySecret(ctx, request.query.in_area, request.query.secret);
      return networkImpact(ctx, region.code, { ...publicTotals, metrics: request.query.annotate_metrics === true });
    },
  });

  r.get('/core-api/api/public/network/donation_totals', {
    config: { access: 'public' },
    schema: {
      tags,
      description: 'network/donation_totals of the region (no money saved). 404 on a wrong secret.',
      querystring: publicNetworkTotalsQuerySchema,
      response: { 200: networkTotalsSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const region = await regionBySecret(ctx, request.query.in_area, request.query.secret);
      return networkDonationTotals(ctx, region.code, { ...publicTotals, metrics: request.query.annotate_metrics === true });
    },
  });
}
