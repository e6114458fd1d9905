import type { Kysely } from 'kysely';
import {
  areasOfPoint,
  computeImpactFromGrams,
  pickImpactFactor,
  prepareFactor,
  verifiedStatus,
  type ImpactFactor,
} from '@openrescue/shared';
import { loadRegions } from '../../modules/network/network.repository.js';
import type { DB } from '../schema.js';
import { insertChunked } from './bulk-load.js';
import { dayToIso, localTimeToUtcMs } from './calendar.js';
import { REGION_CODES, TOWNS, slugify, type RegionCode, type Town } from './catalog.js';
import { placeIn, type DemoNetwork } from './network.js';
import { createRng, type Rng } from './prng.js';

/** Section 9 "Network categories": every sf_type, with name patterns ({p} = place). */
export const TYPES: Record<string, string[]> = {
  Grower: ['{p} Berry Growers', '{p} Greenhouse Co.', '{p} Orchards', 'Sunrise Mushrooms {p}'],
  Manufacturer: ['{p} Artisan Bakery Ltd.', 'Coastal Sauces {p}', '{p} Noodle Works'],
  Processor: ['{p} Meat Processors', '{p} Fresh-Cut Produce', '{p} Dairy Processing'],
  Wholesaler: ['{p} Produce Wholesale', 'Pacific Wholesale Foods {p}'],
  Distributor: ['{p} Food Distributors', 'Westcoast Cold Chain {p}'],
  Liquidator: ['{p} Grocery Outlet', 'Bargain Pantry {p}'],
  'Retail/Grocer': ['{p} Corner Grocer', '{p} Fresh Mart', '{p} Farmers Market Store'],
  'Restaurant/Hotel': ['The {p} Bistro', '{p} Harbour Hotel', '{p} Noodle House'],
  Caterer: ['{p} Catering Co.', 'Feast and Co. {p}'],
  'Food Service': ['{p} Hospital Food Services', '{p} Campus Dining'],
  Charity: ['{p} Soup Kitchen', '{p} Community Fridge', "{p} Women's Shelter Kitchen"],
  Nonprofit: ['{p} Neighbourhood House', '{p} Youth Meal Society', '{p} Seniors Centre'],
  'Farmer (Livestock)': ['{p} Hog Farm', '{p} Poultry Ranch', '{p} Goat Dairy'],
  Upcycler: ['{p} Spent Grain Bakery', 'Second Harvest Crisps {p}'],
  'Industrial reworker': ['{p} Feed Reworks', '{p} Bio-Processing'],
  Composter: ['{p} Compost Yard', '{p} Soil Builders'],
  'Organic waste hauler': ['{p} Organics Hauling', 'Green Bin Haulers {p}'],
};
const DONOR_TYPES = new Set([
  'Grower',
  'Manufacturer',
  'Processor',
  'Wholesaler',
  'Distributor',
  'Liquidator',
  'Retail/Grocer',
  'Restaurant/Hotel',
  'Caterer',
  'Food Service',
]);
/** The secret of every region in the demo data. */
export const DEMO_REGION_SECRET = 'demo';

/** Attributes shown as tags on the info card (the section 9 ones are never shown). */
export const SHOWN_ATTRIBUTES = ['Cold Storage', 'Refrigerated Truck', 'Weekend Pickup', 'FoodSafe Certified'];
const INDUSTRY: Record<string, string> = {
  Charity: 'Not For Profit',
  Nonprofit: 'Not For Profit',
  Composter: 'Environmental',
};

/** Spec section 4, through the shared rule the map and the import use. */
export function demoVerifiedStatus(
  stage: string | null,
  attributes: Record<string, boolean>,
  productName: string,
): 0 | 1 | 2 {
  return verifiedStatus(stage, attributes, productName);
}

/** An 18-character CRM account id: key prefix 001, 12 characters, case-safe 3-character suffix. */
export function accountId(rng: Rng): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = '001';
  for (let i = 0; i < 12; i++) id += chars[rng.int(0, chars.length - 1)];
  const suffixChars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
  let suffix = '';
  for (let chunk = 0; chunk < 3; chunk++) {
    let bits = 0;
    for (let i = 0; i < 5; i++) if (/[A-Z]/.test(id[chunk * 5 + i])) bits |= 1 << i;
    suffix += suffixChars[bits];
  }
  return id + suffix;
}

/** kind 1: verified 1 (Active/Back-up member); kind 2: verified 2 (other network); kind 0: not verified. */
function profile(rng: Rng, productName: string, kind: number): { stage: string; attributes: Record<string, boolean> } {
  const attributes: Record<string, boolean> = {};
  if (rng.chance(0.5)) attributes[rng.pick(SHOWN_ATTRIBUTES)] = true;
  if (kind === 1) {
    attributes[rng.chance(0.5) ? 'Marketplace' : 'Retail Program'] = true;
    if (rng.chance(0.3)) attributes.Wholesale = true;
    return { stage: rng.chance(0.8) ? 'Active' : 'Back-up', attributes };
  }
  if (kind === 2) {
    attributes[`Non ${productName} Network`] = true;
    if (rng.chance(0.3)) attributes.Wholesale = true;
    return { stage: rng.pick(['Active', 'Prospect', 'Inactive']), attributes };
  }
  if (rng.chance(0.5)) attributes.Marketplace = true;
  return { stage: rng.pick(['Prospect', 'Onboarding', 'Inactive']), attributes };
}

/** A point near the town inside its region's outline (the outlines are approximate; a few tries suffice). */
export function placeInRegion(rng: Rng, town: Town, spread: number, inRegion: (lon: number, lat: number) => boolean) {
  let place = placeIn(rng, town, spread);
  for (let tries = 0; !inRegion(place.lon, place.lat) && tries < 10; tries++) place = placeIn(rng, town, spread);
  return inRegion(place.lon, place.lat) ? place : { ...place, lon: town.lon, lat: town.lat };
}

/** Areas from the region outlines of the database (DESIGN "Regions"): the same rule as the import. */
export async function areaFinder(db: Kysely<DB>) {
  const regions = (await loadRegions(db)).map((r) => ({ code: r.code, outline: r.polygon }));
  return (lon: number | null, lat: number | null) => areasOfPoint(lon, lat, regions);
}

export async function insertNetworkOrganizations(
  db: Kysely<DB>,
  network: DemoNetwork,
  factors: ImpactFactor[],
  todayDay: number,
  seed: number,
  productName: string,
) {
  const rng = createRng(seed, 'network-organizations');
  const areasAt = await areaFinder(db);
  const rows: Record<string, unknown>[] = [];
  const names = new Set<string>();
  const base = (name: string, sfType: string, stage: string, attributes: Record<string, boolean>) => ({
    sf_id: accountId(rng),
    name,
    sf_type: sfType,
    sf_industry: INDUSTRY[sfType] ?? 'Food and Beverage',
    sf_attributes: JSON.stringify(attributes),
    sf_account_stage: stage,
    verified: demoVerifiedStatus(stage, attributes, productName),
    province: 'BC',
    country: 'Canada',
  });
  // Retail-program members: our own stores and receivers, verified through the Retail Program attribute.
  for (const s of network.stores) {
    rows.push({
      ...base(s.name, 'Retail/Grocer', 'Active', { 'Retail Program': true }),
      address: s.address,
      city: s.city,
      postal_code: s.postalCode,
      lon: s.lon,
      lat: s.lat,
      areas: areasAt(s.lon, s.lat),
      store_id: s.id,
    });
  }
  for (const r of network.receivers) {
    const charityType = r.id % 3 === 0 ? 'Nonprofit' : 'Charity';
    const sfType = r.kind === 'charity' ? charityType : r.kind === 'farm' ? 'Farmer (Livestock)' : 'Composter';
    const stage = r.id % 5 === 0 ? 'Back-up' : 'Active';
    rows.push({
      ...base(r.name, sfType, stage, { 'Retail Program': true }),
      address: r.address,
      city: r.city,
      postal_code: r.postalCode,
      lon: r.lon,
      lat: r.lat,
      areas: areasAt(r.lon, r.lat),
      receiver_id: r.id,
    });
  }
  // Everyone else on the map: two organizations of every type in every region, the first verified 1, the second
  // verified 2, 0 or 1 in turn, so each category shows in each region and every rule of section 4 occurs.
  Object.entries(TYPES).forEach(([sfType, patterns], t) => {
    REGION_CODES.forEach((region: RegionCode, g) => {
      const towns = TOWNS.filter((x) => x.region === region);
      for (let i = 0; i < 2; i++) {
        let town = rng.pick(towns);
        let name = rng.pick(patterns).replace('{p}', town.place);
        for (let tries = 0; names.has(name) && tries < 20; tries++) {
          town = rng.pick(towns);
          name = rng.pick(patterns).replace('{p}', town.place);
        }
        if (names.has(name)) name = `${name} ${i + 1}`;
        names.add(name);
        const { stage, attributes } = profile(rng, productName, i === 0 ? 1 : [2, 0, 1][(t + g) % 3]);
        const place = placeInRegion(rng, town, 0.05, (lon, lat) => areasAt(lon, lat).includes(region));
        const site = slugify(name);
        rows.push({
          ...base(name, sfType, stage, attributes),
          address: place.address,
          city: place.city,
          postal_code: place.postalCode,
          lon: place.lon,
          lat: place.lat,
          areas: areasAt(place.lon, place.lat),
          phone: `(${region === 'rdno' ? 250 : 604}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`,
          website: rng.chance(0.3) ? null : rng.chance(0.5) ? `www.${site}.example` : `https://${site}.example`,
        });
      }
    });
  });
  await insertChunked(
    (chunk) =>
      db
        .insertInto('network_organization')
        .values(chunk as never)
        .execute(),
    rows,
  );

  // Donations recorded for network members outside the retail program (network/donation_totals).
  const donors = await db
    .selectFrom('network_organization')
    .select(['id', 'sf_type', 'verified'])
    .where('store_id', 'is', null)
    .where('receiver_id', 'is', null)
    .where('verified', '>', 0)
    .orderBy('id')
    .execute();
  const donations: Record<string, unknown>[] = [];
  for (const org of donors) {
    if (!DONOR_TYPES.has(org.sf_type)) continue;
    for (let k = rng.int(0, 10); k > 0; k--) {
      const day = todayDay - rng.int(1, 365);
      const destinationId = rng.weighted([0.75, 0.15, 0.1]) + 1;
      const factor = pickImpactFactor(factors, destinationId, 7, dayToIso(day));
      if (!factor) continue;
      const grams = rng.int(20, 600) * 100;
      donations.push({
        network_organization_id: org.id,
        entry_time: new Date(localTimeToUtcMs(day, rng.int(8, 17) * 3600)).toISOString(),
        destination_id: destinationId,
        weight_kg: grams / 1000,
        impact_factor_version: factor.version,
        ...computeImpactFromGrams(grams, prepareFactor(factor)),
      });
    }
  }
  await insertChunked(
    (chunk) =>
      db
        .insertInto('network_donation')
        .values(chunk as never)
        .execute(),
    donations,
  );
  return { network_organizations: rows.length, network_donations: donations.length };
}
