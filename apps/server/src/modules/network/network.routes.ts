import {
  NETWORK_LIMIT,
  type NetworkArea,
  networkOrganizationListSchema,
  networkOrganizationsQuerySchema,
  networkPaths,
  networkRegionsSchema,
  networkTotalsQuerySchema,
  networkTotalsSchema,
  publicNetworkOrganizationListSchema,
  publicNetworkOrganizationsQuerySchema,
  publicNetworkRegionQuerySchema,
  publicNetworkRegionSchema,
  publicNetworkTotalsQuerySchema,
  publicNetworkTotalsSchema,
  publicPagePaths,
} from '@openrescue/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { errorResponses, errorResponsesWithNotFound } from '../../lib/http-error.js';
import { mapTilesRoutes } from '../map-tiles/map-tiles.routes.js';
import { loadNetworkSettings, type NetworkSettings } from './network.config.js';
import { sendPayload } from './network.payload.js';
import { loadRegions } from './network.repository.js';
import {
  networkDonationTotals,
  networkImpact,
  organizationsPayload,
  outlinesOf,
  presentRegion,
  publicTotals,
  regionBySecret,
} from './network.service.js';

const tags = ['network'];

/**
 * Spec 7.4, decision 0011. Staff call retail/network/ (limit 999), network/impact, network/donation_totals and
 * network/regions; the public pages call the same under /public/ with the region's secret (limit 10000). A wrong
 * secret or an unknown region answers 404. Public answers hold only what the public page shows (issue 32 item 9) and
 * are rate-limited per client address (item 12, decision 0040).
 */
export async function networkRoutes(
  app: FastifyInstance,
  { ctx, settings = loadNetworkSettings() }: { ctx: AppContext; settings?: NetworkSettings },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The map's own tiles and style when the deployment has a PMTiles archive (MAP_PMTILES, decision 0071).
  await app.register(mapTilesRoutes, { pmtiles: settings.pmtiles ?? undefined });
  const staffTotals = { metrics: false, moneySaved: true };

  r.get(networkPaths.organizations, {
    config: { access: 'staff' },
    schema: {
      tags,
      description: `Network participants (verified 1 or 2) in the area, at most ${NETWORK_LIMIT.ops} (ops map).`,
      querystring: networkOrganizationsQuerySchema,
      response: { 200: networkOrganizationListSchema, ...errorResponses },
    },
    handler: async (request, reply) =>
      sendPayload(request, reply, await organizationsPayload(ctx, request.query.in_area, request.query.limit, 'staff')),
  });

  r.get(networkPaths.impact, {
    config: { access: 'staff' },
    schema: {
      tags,
      description: 'Impact of the retail program in the area: donations from stores in the area, from the rollups.',
      querystring: networkTotalsQuerySchema,
      response: { 200: networkTotalsSchema, ...errorResponses },
    },
    handler: (request) =>
      networkImpact(ctx, request.query.in_area, {
        ...staffTotals,
        metrics: request.query.annotate_metrics === true,
        compare: request.query.compare === true,
      }),
  });

  r.get(networkPaths.donationTotals, {
    config: { access: 'staff' },
    schema: {
      tags,
      description:
        'Donations recorded for the other network organizations in the area (never counted in network/impact).',
      querystring: networkTotalsQuerySchema,
      response: { 200: networkTotalsSchema, ...errorResponses },
    },
    handler: (request) =>
      networkDonationTotals(ctx, request.query.in_area, {
        ...staffTotals,
        metrics: request.query.annotate_metrics === true,
        compare: request.query.compare === true,
      }),
  });

  r.get(networkPaths.regions, {
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
          public_path: publicPagePaths.network(row.code, row.secret),
        })),
        outlines: outlinesOf(rows),
        map_style_url: settings.mapStyleUrl,
      };
    },
  });

  // ---- public: the region's secret instead of a sign-in; answers hold only what the public page shows ----
  // One budget per client address for the four public routes (a page load makes 4), counted in the database
  // (every process keeps to it); request.ip respects TRUST_PROXY. Wrong secrets count too: no guessing at speed.
  const publicAccess = {
    access: 'public' as const,
    rateLimit: {
      max: settings.publicRateLimitPerMinute,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => `public-network:${request.ip}`,
    },
  };
  // (annotate_metrics is accepted, as the map's shared client sends it; the public figures are always the three)
  const publicFigures = { metrics: true, moneySaved: false };

  r.get(networkPaths.publicRegion, {
    config: publicAccess,
    schema: {
      tags,
      description:
        'A public region page: title, help text, zoom, outline, links and the map style. 404 on a wrong secret.',
      querystring: publicNetworkRegionQuerySchema,
      response: { 200: publicNetworkRegionSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const region = await regionBySecret(ctx, request.query.in_area, request.query.secret);
      const { outline: _drawnWithTheOthers, ...page } = presentRegion(region, settings);
      return {
        region: page,
        outlines: outlinesOf(await loadRegions(ctx.database.db)),
        map_style_url: settings.mapStyleUrl,
      };
    },
  });

  r.get(networkPaths.publicOrganizations, {
    config: publicAccess,
    schema: {
      tags,
      description:
        `Network participants in the region the public map can draw (never a Farmer: section 9), at most ` +
        `${NETWORK_LIMIT.public}, with the count of all and per category. 404 on a wrong secret.`,
      querystring: publicNetworkOrganizationsQuerySchema,
      response: { 200: publicNetworkOrganizationListSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request, reply) => {
      const region = await regionBySecret(ctx, request.query.in_area, request.query.secret);
      return sendPayload(
        request,
        reply,
        await organizationsPayload(ctx, region.code as NetworkArea, request.query.limit, 'public'),
      );
    },
  });

  r.get(networkPaths.publicImpact, {
    config: publicAccess,
    schema: {
      tags,
      description:
        'network/impact of the region: the three figures the public panel shows (compare=true: and its comparison ' +
        'periods, decision 0078). 404 on a wrong secret.',
      querystring: publicNetworkTotalsQuerySchema,
      response: { 200: publicNetworkTotalsSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const region = await regionBySecret(ctx, request.query.in_area, request.query.secret);
      return publicTotals(
        await networkImpact(ctx, region.code, { ...publicFigures, compare: request.query.compare === true }),
      );
    },
  });

  r.get(networkPaths.publicDonationTotals, {
    config: publicAccess,
    schema: {
      tags,
      description:
        'network/donation_totals of the region: the three figures the public panel shows. 404 on a wrong secret.',
      querystring: publicNetworkTotalsQuerySchema,
      response: { 200: publicNetworkTotalsSchema, ...errorResponsesWithNotFound },
    },
    handler: async (request) => {
      const region = await regionBySecret(ctx, request.query.in_area, request.query.secret);
      return publicTotals(
        await networkDonationTotals(ctx, region.code, { ...publicFigures, compare: request.query.compare === true }),
      );
    },
  });
}
