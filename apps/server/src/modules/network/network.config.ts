import { hasSingleMarketplaceLink, type NetworkArea } from '@openrescue/shared';
import { z } from 'zod';
import { MAP_STYLE_PATH } from '../map-tiles/map-tiles.service.js';

/**
 * Settings of the network map, read from the environment (decision 0011):
 * - MAP_STYLE_URL: a MapLibre style for real tiles; unset = the built-in offline style (land, water, place names).
 * - MAP_PMTILES: a Protomaps PMTiles archive on this server's disk, served with a matching style (decision 0071):
 *   real street maps with no third-party tile service. MAP_STYLE_URL, when set too, wins.
 * - NETWORK_SELL_URL, NETWORK_DONATE_URL, NETWORK_MARKETPLACE_URL: the external Sell, Donate and marketplace links
 *   of the region pages; `{region}` is replaced by the region code.
 * - PUBLIC_NETWORK_RATE_LIMIT_PER_MINUTE: requests one client address may make to the public network endpoints
 *   (region, organizations, impact, donation totals together) per minute; past it they answer 429 with Retry-After
 *   (decision 0040). A page load makes 4; the default lets one address load a map 60 times a minute.
 */
const settingsSchema = z.object({
  MAP_STYLE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  MAP_PMTILES: z
    .string()
    .optional()
    .transform((v) => v || undefined),
  NETWORK_SELL_URL: z.string().default('https://marketplace.openrescue.test/{region}/sell'),
  NETWORK_DONATE_URL: z.string().default('https://marketplace.openrescue.test/{region}/donate'),
  NETWORK_MARKETPLACE_URL: z.string().default('https://marketplace.openrescue.test/{region}'),
  PUBLIC_NETWORK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(240),
});

export interface NetworkSettings {
  /** MAP_STYLE_URL, or with MAP_PMTILES this server's style (a path on this origin), or null for the offline style. */
  mapStyleUrl: string | null;
  pmtiles: string | null;
  sellUrl: string;
  donateUrl: string;
  marketplaceUrl: string;
  publicRateLimitPerMinute: number;
}

export function loadNetworkSettings(source: NodeJS.ProcessEnv = process.env): NetworkSettings {
  const parsed = settingsSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid network map configuration:\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  return {
    mapStyleUrl: v.MAP_STYLE_URL ?? (v.MAP_PMTILES ? MAP_STYLE_PATH : null),
    pmtiles: v.MAP_PMTILES ?? null,
    sellUrl: v.NETWORK_SELL_URL,
    donateUrl: v.NETWORK_DONATE_URL,
    marketplaceUrl: v.NETWORK_MARKETPLACE_URL,
    publicRateLimitPerMinute: v.PUBLIC_NETWORK_RATE_LIMIT_PER_MINUTE,
  };
}

/**
 * Origins the browser must reach for MAP_STYLE_URL (its own origin and MAP_TILE_ORIGINS, comma-separated, for tiles,
 * sprites and glyphs on other hosts): added to the Content-Security-Policy's connect-src. None for the offline style.
 */
export function mapConnectSources(source: NodeJS.ProcessEnv = process.env): string[] {
  const style = loadNetworkSettings(source).mapStyleUrl;
  if (!style || style === MAP_STYLE_PATH) return [];
  const extra = (source.MAP_TILE_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  return [...new Set([new URL(style).origin, ...extra])];
}

/** Sell and Donate links, or a single marketplace link for rdno and all (section 2.11). */
export function regionLinks(settings: NetworkSettings, area: NetworkArea) {
  const fill = (template: string) => template.replaceAll('{region}', encodeURIComponent(area));
  if (hasSingleMarketplaceLink(area)) return { sell: null, donate: null, marketplace: fill(settings.marketplaceUrl) };
  return { sell: fill(settings.sellUrl), donate: fill(settings.donateUrl), marketplace: null };
}
