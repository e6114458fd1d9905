import type { NetworkArea, RegionOutline } from '@openrescue/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/** SQL of the network map: regions, organizations in an area, and the network's own donation sums. */

export interface RegionRow {
  code: NetworkArea;
  name: string;
  zoom: number;
  center_lon: number;
  center_lat: number;
  secret: string;
  polygon: RegionOutline | null;
  page_title: string;
  help_text: string;
}

export async function loadRegions(db: Kysely<DB>): Promise<RegionRow[]> {
  const { rows } = await sql<RegionRow>`select code, name, zoom, center_lon, center_lat, secret, polygon, page_title,
    help_text from region order by sort_order, code`.execute(db);
  return rows.map((r) => ({
    ...r,
    zoom: Number(r.zoom),
    center_lon: Number(r.center_lon),
    center_lat: Number(r.center_lat),
  }));
}

/** Changes whenever an organization is added, changed or removed (cache key of the organization lists). */
export async function organizationsVersion(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ n: number; t: string | null }>`select count(*)::int as n, max(updated_at)::text as t
    from network_organization`.execute(db);
  return `${rows[0].n}:${rows[0].t ?? ''}`;
}

export interface OrganizationFragments {
  /** All organizations, and the latest change among them, as the statement saw them. */
  count: number;
  latest: string | null;
  /** One line per organization changed at or after `since` (all of them without it), by id, tab-separated:
   * id, areas (comma-separated), verified, sf_type as JSON, 1 when it has a location (else 0), then its spec 3
   * object in parts: head (id to sf_type), the staff attributes and account stage, the public attributes, tail
   * (website, location, verified). Staff JSON = head + staff part + tail; public JSON = head + public part + tail. */
  lines: string;
}

export interface FragmentRules {
  /** Account types that never carry a location (Farmers, section 9). */
  privateTypes: readonly string[];
  /** Attributes never shown as tags (section 9): left out of the public attributes, with those set to false. */
  hiddenAttributes: readonly string[];
}

/**
 * Each organization's spec 3 object as JSON text in parts (built by the database: one value crosses to the server
 * instead of 10,000 rows), with what the lists filter by; those changed at or after `since`, or all. Organizations
 * of `privateTypes` (Farmers) never carry a location. JSON text holds no raw tab or newline, so they separate the parts.
 */
export async function organizationFragments(
  db: Kysely<DB>,
  rules: FragmentRules,
  since: string | null,
): Promise<OrganizationFragments> {
  // Plain text concatenation with to_json() quoting is 2-3x faster than jsonb_build_object on 10,000 rows.
  const text = (column: string) => sql`coalesce(to_json(${sql.ref(column)})::text, 'null')`;
  const changed = since === null ? sql`true` : sql`updated_at >= ${since}::timestamptz`;
  // The hidden keys taken out with jsonb's `-` (cheap); only an object holding a false value (rare) is rebuilt.
  const hidden = sql`${[...rules.hiddenAttributes]}::text[]`;
  const shownAttributes = sql`case when not jsonb_path_exists(sf_attributes, '$.* ? (@ == false)') then (sf_attributes - ${hidden})::text
    else coalesce((select jsonb_object_agg(e.key, true) from jsonb_each(sf_attributes) e
      where e.value = 'true'::jsonb and e.key <> all(${hidden}))::text, '{}') end`;
  const { rows } = await sql<{ n: number; t: string | null; lines: string }>`select
      (select count(*)::int from network_organization) as n,
      (select max(updated_at)::text from network_organization) as t,
      (select coalesce(string_agg(concat(id, E'\t', array_to_string(areas, ','), E'\t', verified, E'\t', ${text('sf_type')},
        E'\t', case when lon is null or lat is null then 0 else 1 end,
        E'\t', '{"id":', id, ',"name":', ${text('name')}, ',"address":', ${text('address')}, ',"city":', ${text('city')},
        ',"sf_type":', ${text('sf_type')},
        E'\t', ',"sf_attributes":', sf_attributes, ',"sf_account_stage":', ${text('sf_account_stage')},
        E'\t', ',"sf_attributes":', ${shownAttributes},
        E'\t', ',"data":{"website":', ${text('website')}, '},"location":',
        case when lon is null or lat is null or sf_type = any(${[...rules.privateTypes]}::text[]) then 'null'
          else concat('{"type":"Point","coordinates":[', lon, ',', lat, ']}') end,
        ',"verified":', verified, '}'), E'\n' order by id), '')
      from network_organization where ${changed}) as lines`.execute(db);
  return { count: Number(rows[0].n), latest: rows[0].t, lines: rows[0].lines };
}

/** Retail-program stores in the area (network/impact sums their donations from the report rollups). */
export async function storeIdsInArea(db: Kysely<DB>, area: Exclude<NetworkArea, 'all'>): Promise<number[]> {
  const { rows } = await sql<{
    id: number;
  }>`select id from store where areas @> array[${area}]::text[] order by id`.execute(db);
  return rows.map((r) => Number(r.id));
}

export interface NetworkDonationSums {
  weight_kg__sum: number;
  meals_provided__sum: number;
  food_rescued_kg__sum: number;
  co2_emissions_kg__sum: number;
  money_saved__sum: number;
}

/**
 * Sums of the donations recorded for network organizations in the area (network/donation_totals). A separate,
 * small table: never a row of `donation`, so the panel can add both totals.
 */
export async function networkDonationSums(
  db: Kysely<DB>,
  area: NetworkArea,
  /** Only the donations of these calendar days (America/Vancouver), both included (decision 0078). */
  days?: { from: string; to: string },
): Promise<NetworkDonationSums> {
  const conditions = [
    ...(area === 'all' ? [] : [sql`o.areas @> array[${area}]::text[]`]),
    ...(days
      ? [
          sql`d.entry_time >= (${days.from}::date::timestamp at time zone 'America/Vancouver')`,
          sql`d.entry_time < ((${days.to}::date + 1)::timestamp at time zone 'America/Vancouver')`,
        ]
      : []),
  ];
  const where = conditions.length === 0 ? sql`` : sql`where ${sql.join(conditions, sql` and `)}`;
  const { rows } = await sql<Record<keyof NetworkDonationSums, number>>`select
      coalesce(sum(d.weight_kg), 0) as weight_kg__sum, coalesce(sum(d.meals_provided), 0) as meals_provided__sum,
      coalesce(sum(d.food_rescued_kg), 0) as food_rescued_kg__sum,
      coalesce(sum(d.co2_emissions_kg), 0) as co2_emissions_kg__sum, coalesce(sum(d.money_saved), 0) as money_saved__sum
    from network_donation d join network_organization o on o.id = d.network_organization_id ${where}`.execute(db);
  const r = rows[0];
  return {
    weight_kg__sum: Number(r.weight_kg__sum),
    meals_provided__sum: Number(r.meals_provided__sum),
    food_rescued_kg__sum: Number(r.food_rescued_kg__sum),
    co2_emissions_kg__sum: Number(r.co2_emissions_kg__sum),
    money_saved__sum: Number(r.money_saved__sum),
  };
}

/** What the CRM import matches organizations by: their CRM Id, else name, address and city. */
/** What an import compares a row with: the keys it matches by and every column it writes. */
export const organizationsForImport = (db: Kysely<DB>) =>
  db
    .selectFrom('network_organization')
    .select([
      'id',
      'sf_id',
      'name',
      'address',
      'city',
      'province',
      'postal_code',
      'country',
      'phone',
      'sf_type',
      'sf_industry',
      'sf_attributes',
      'sf_account_stage',
      'website',
      'lon',
      'lat',
      'verified',
      'areas',
    ])
    .orderBy('id')
    .execute();

/** The import's columns of one organization (computed from a CSV row; see network.import.ts). */
export async function updateOrganization(db: Kysely<DB>, id: number, values: Record<string, unknown>): Promise<void> {
  await db
    .updateTable('network_organization')
    .set({ ...values, updated_at: sql`now()` } as never)
    .where('id', '=', id)
    .execute();
}

export async function insertOrganizations(db: Kysely<DB>, rows: Record<string, unknown>[]): Promise<void> {
  await db
    .insertInto('network_organization')
    .values(rows as never)
    .execute();
}
