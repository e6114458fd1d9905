import type { Kysely } from 'kysely';
import { verifiedStatus } from '@openrescue/shared';
import type { DB } from '../schema.js';
import { REGION_CODES, TOWNS, slugify } from './catalog.js';
import { SHOWN_ATTRIBUTES, TYPES, accountId, areaFinder, placeInRegion } from './network-organizations.js';
import { createRng } from './prng.js';

/**
 * Many network participants at once (benchmarks and size tests): `count` organizations of every type spread over
 * the four regions, each verified 1 or 2 (so every one is on the map unless it is a Farmer). Deterministic.
 */
export async function insertBulkNetworkOrganizations(
  db: Kysely<DB>,
  count: number,
  options: { seed?: number; productName?: string } = {},
): Promise<number> {
  const { seed = 1, productName = 'OpenRescue' } = options;
  const rng = createRng(seed, 'network-bulk');
  const areasAt = await areaFinder(db);
  const types = Object.entries(TYPES);
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const [sfType, patterns] = types[i % types.length];
    const region = REGION_CODES[Math.floor(i / types.length) % REGION_CODES.length];
    const towns = TOWNS.filter((x) => x.region === region);
    const town = rng.pick(towns);
    const name = `${rng.pick(patterns).replace('{p}', town.place)} ${i + 1}`;
    const attributes: Record<string, boolean> = rng.chance(0.7)
      ? { [rng.chance(0.5) ? 'Marketplace' : 'Retail Program']: true }
      : { [`Non ${productName} Network`]: true };
    if (rng.chance(0.4)) attributes[rng.pick(SHOWN_ATTRIBUTES)] = true;
    const stage = rng.chance(0.85) ? 'Active' : 'Back-up';
    const place = placeInRegion(rng, town, 0.08, (lon, lat) => areasAt(lon, lat).includes(region));
    rows.push({
      sf_id: accountId(rng),
      name,
      sf_type: sfType,
      sf_attributes: JSON.stringify(attributes),
      sf_account_stage: stage,
      verified: verifiedStatus(stage, attributes, productName),
      address: place.address,
      city: place.city,
      postal_code: place.postalCode,
      province: 'BC',
      country: 'Canada',
      lon: place.lon,
      lat: place.lat,
      areas: areasAt(place.lon, place.lat),
      website: rng.chance(0.5) ? `www.${slugify(name)}.example` : null,
    });
  }
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('network_organization')
      .values(rows.slice(i, i + 1000) as never)
      .execute();
  }
  return rows.length;
}
