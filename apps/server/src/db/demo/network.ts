import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { dayToIso, scheduleDays } from './calendar.js';
import {
  COMPANIES,
  RECEIVERS,
  STORE_LOCAL_NAMES,
  TOWNS,
  areasOf,
  slugify,
  townByPlace,
  withLocalName,
  type ReceiverKind,
  type RegionCode,
  type Town,
} from './catalog.js';
import { createRng, type Rng } from './prng.js';

export interface DemoPlace {
  id: number;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  region: RegionCode;
  lon: number;
  lat: number;
}
export interface DemoStore extends DemoPlace {
  companyId: number;
  storeType: string;
  startDay: number;
  weight: number;
}
export interface DemoReceiver extends DemoPlace {
  kind: ReceiverKind;
  destinationId: number;
  nrSupported: number;
  contactEmail: string;
}
export interface DemoLink {
  storeId: number;
  companyId: number;
  receiverId: number;
  kind: ReceiverKind;
  destinationId: number;
  scheduleCode: string;
  days: boolean[];
  isLead: boolean;
  startDay: number;
  weight: number;
}
export interface DemoNetwork {
  companies: { id: number; name: string }[];
  stores: DemoStore[];
  receivers: DemoReceiver[];
  links: DemoLink[];
}

const DESTINATION_OF: Record<ReceiverKind, number> = { charity: 1, farm: 2, compost: 3 };
const DIVERSION_OF = { charity: 'Charity', farm: 'Farm', compost: 'Compost' } as const;
const KIND_WEIGHT: Record<ReceiverKind, number> = { charity: 1, farm: 0.55, compost: 0.35 };
const LEAD_SCHEDULES = ['MTWRF', 'MWF', 'MTWRFS', 'MTWRFSU', 'TRS', 'MWFS'];
const LEAD_SCHEDULE_WEIGHTS = [0.32, 0.28, 0.15, 0.1, 0.08, 0.07];
const SECOND_SCHEDULES: Record<ReceiverKind, string[]> = {
  charity: ['TR', 'S', 'WS', 'MR'],
  farm: ['MR', 'TF', 'W', 'S'],
  compost: ['F', 'TF', 'W'],
};

export function placeIn(rng: Rng, town: Town, spread: number) {
  return {
    address: `${rng.int(1, 9) * 100 + rng.int(0, 99) * (rng.chance(0.5) ? 10 : 1)} ${rng.pick(town.streets)}`,
    city: town.city,
    postalCode: `${town.fsa} ${rng.int(1, 9)}${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(0, 9)}`,
    region: town.region,
    lon: Math.round((town.lon + (rng.next() - 0.5) * spread) * 1e6) / 1e6,
    lat: Math.round((town.lat + (rng.next() - 0.5) * spread * 0.6) * 1e6) / 1e6,
  };
}

function distance(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const dx = (a.lon - b.lon) * Math.cos((a.lat * Math.PI) / 180);
  return Math.hypot(dx, a.lat - b.lat);
}

/** Receivers of a kind that can serve a store: same region first; Vancouver and Metro Vancouver share. */
function candidates(receivers: DemoReceiver[], store: DemoStore, kind: ReceiverKind): DemoReceiver[] {
  const vancouver = (region: RegionCode) => region === 'cov' || region === 'mv';
  const near = (r: DemoReceiver) => r.region === store.region || (vancouver(r.region) && vancouver(store.region));
  const pool = receivers.filter((r) => r.kind === kind && near(r));
  return pool.sort((a, b) => distance(a, store) - distance(b, store) || a.id - b.id);
}

/** The companies, stores, receivers and pickup schedules. Depends only on the seed and the window start. */
export function buildNetwork(seed: number, windowStartDay: number): DemoNetwork {
  const rng = createRng(seed, 'network');
  const companies = COMPANIES.map((c, i) => ({ id: i + 1, name: c.name }));
  const receivers: DemoReceiver[] = RECEIVERS.map((plan, i) => {
    const town = townByPlace(plan.place);
    return {
      id: i + 1,
      name: withLocalName(plan.name, plan.local),
      kind: plan.kind,
      destinationId: DESTINATION_OF[plan.kind],
      nrSupported: plan.kind === 'charity' ? rng.int(1, 12) : plan.kind === 'farm' ? 1 : 0,
      contactEmail: `${plan.kind === 'charity' ? 'coordinator' : 'office'}@${slugify(plan.name)}.example`,
      ...placeIn(rng, town, 0.03),
    } as DemoReceiver;
  });

  const stores: DemoStore[] = [];
  COMPANIES.forEach((plan, ci) => {
    for (const [region, count] of Object.entries(plan.stores) as [RegionCode, number][]) {
      const towns = rng.shuffle(TOWNS.filter((x) => x.region === region).slice());
      for (let k = 0; k < count; k++) {
        const town = towns[k % towns.length];
        const id = stores.length + 1;
        const late = id > 1 && rng.chance(0.1);
        const warehouse = ci === 0 && k === 0 && region !== 'rdno';
        stores.push({
          id,
          companyId: ci + 1,
          name: withLocalName(`${plan.brand} ${town.place}`, STORE_LOCAL_NAMES[`${plan.brand} ${town.place}`]),
          storeType: warehouse ? 'Warehouse' : plan.storeType,
          startDay: late ? windowStartDay + rng.int(60, 700) : windowStartDay - rng.int(30, 3200),
          weight: plan.size * (warehouse ? 1.8 : 1) * (0.7 + rng.next() * 0.6),
          ...placeIn(rng, town, 0.04),
        });
      }
    }
  });

  const links: DemoLink[] = [];
  const link = (store: DemoStore, receiver: DemoReceiver, isLead: boolean) => {
    const code = isLead
      ? LEAD_SCHEDULES[rng.weighted(LEAD_SCHEDULE_WEIGHTS)]
      : rng.pick(SECOND_SCHEDULES[receiver.kind]);
    links.push({
      storeId: store.id,
      companyId: store.companyId,
      receiverId: receiver.id,
      kind: receiver.kind,
      destinationId: receiver.destinationId,
      scheduleCode: code,
      days: scheduleDays(code),
      isLead,
      startDay: isLead ? store.startDay : store.startDay + rng.int(0, 240),
      weight: store.weight * KIND_WEIGHT[receiver.kind] * (isLead ? 1.4 : 1) * (0.75 + rng.next() * 0.5),
    });
  };
  for (const store of stores) {
    const charities = candidates(receivers, store, 'charity');
    const lead = charities[rng.int(0, Math.min(1, charities.length - 1))];
    link(store, lead, true);
    const others = charities.filter((r) => r.id !== lead.id).slice(0, 3);
    if (others.length && rng.chance(0.6)) link(store, rng.pick(others), false);
    const farms = candidates(receivers, store, 'farm');
    if (farms.length && rng.chance(0.55)) link(store, farms[rng.int(0, Math.min(1, farms.length - 1))], false);
    const composters = candidates(receivers, store, 'compost');
    if (composters.length && rng.chance(0.35)) link(store, composters[0], false);
  }
  return { companies, stores, receivers, links };
}

export async function insertNetwork(db: Kysely<DB>, network: DemoNetwork): Promise<void> {
  await db
    .insertInto('company')
    .values(network.companies.map((c) => ({ id: c.id, name: c.name, logo_image_url: null })))
    .execute();
  await db
    .insertInto('receiver')
    .values(
      network.receivers.map((r) => ({
        id: r.id,
        name: r.name,
        receiver_type: r.kind === 'charity' ? ('HUB' as const) : ('FARM' as const),
        diversion_type: DIVERSION_OF[r.kind],
        address: r.address,
        city: r.city,
        postal_code: r.postalCode,
        contact_email: r.contactEmail,
        region: r.region,
        areas: areasOf(r.region),
        lon: r.lon,
        lat: r.lat,
        nr_supported_charities: r.nrSupported,
      })),
    )
    .execute();
  await db
    .insertInto('store')
    .values(
      network.stores.map((s) => ({
        id: s.id,
        name: s.name,
        company_id: s.companyId,
        store_type: s.storeType,
        address: s.address,
        city: s.city,
        postal_code: s.postalCode,
        region: s.region,
        areas: areasOf(s.region),
        lon: s.lon,
        lat: s.lat,
        start_date: dayToIso(s.startDay),
      })),
    )
    .execute();
  await db
    .insertInto('store_receiver')
    .values(
      network.links.map((l) => ({
        store_id: l.storeId,
        receiver_id: l.receiverId,
        schedule_code: l.scheduleCode,
        is_lead_charity: l.isLead,
        started_on: dayToIso(l.startDay),
      })),
    )
    .execute();
}
