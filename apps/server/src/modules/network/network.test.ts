import { gunzipSync } from 'node:zlib';
import {
  NETWORK_CATEGORIES,
  NETWORK_REGION_TABLE,
  impactPanelPeriods,
  networkOrganizationListSchema,
  type NetworkOrganization,
} from '@openrescue/shared';
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
let tokens: Record<DemoRole, string>;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 3000 });
  tokens = await signInDemoAccounts(t.app);
});
afterAll(async () => t?.close());

const get = (url: string, who?: DemoRole, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/core-api/api/${url}`,
    headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...headers },
  });
const ORG_KEYS = [
  'address',
  'city',
  'data',
  'id',
  'location',
  'name',
  'sf_account_stage',
  'sf_attributes',
  'sf_type',
  'verified',
];

async function participants(area: string) {
  const where = area === 'all' ? sql`true` : sql`${area} = any(areas)`;
  const { rows } = await sql<{
    id: number;
  }>`select id from network_organization where verified > 0 and ${where} order by id`.execute(t.database.db);
  return rows.map((r) => Number(r.id));
}

/** The participants the public map lists: those it can draw (a located organization of a type on the map). */
async function drawable(area: string) {
  const where = area === 'all' ? sql`true` : sql`${area} = any(areas)`;
  const types = NETWORK_CATEGORIES.filter((c) => c.onMap).flatMap((c) => c.types);
  const { rows } = await sql<{ id: number }>`select id from network_organization where verified > 0 and ${where}
    and lon is not null and lat is not null and sf_type = any(${types}::text[]) order by id`.execute(t.database.db);
  return rows.map((r) => Number(r.id));
}

describe('staff network (spec 7.4, limit 999)', () => {
  it('lists the participants of the area: verified 1 or 2, spec 3 shape, Farmers without a location', async () => {
    const res = await get('retail/network/?in_area=cov&limit=999', 'staff');
    expect(res.statusCode).toBe(200);
    const body = res.json() as { count: number; next: null; results: NetworkOrganization[] };
    expect(body.results.map((o) => o.id)).toEqual(await participants('cov'));
    expect(body.count).toBe(body.results.length);
    expect(Object.keys(body.results[0]).sort()).toEqual(ORG_KEYS);
    expect(body.results.every((o) => o.verified === 1 || o.verified === 2)).toBe(true);
    const farmers = body.results.filter((o) => o.sf_type === 'Farmer (Livestock)');
    expect(farmers.length).toBeGreaterThan(0);
    expect(farmers.every((o) => o.location === null)).toBe(true);
    const charity = body.results.find((o) => o.sf_type === 'Charity')!;
    expect(charity.location).toMatchObject({ type: 'Point', coordinates: [expect.any(Number), expect.any(Number)] });
    expect(charity.data).toHaveProperty('website');
  });

  it('writes valid JSON of the contract, whatever the text holds (the database builds it)', async () => {
    const name = 'Café "Quote" \\ back\nslash \u2028 </script>';
    await sql`insert into network_organization (name, sf_type, sf_attributes, verified, lon, lat, areas, website, address)
      values (${name}, 'Caterer', '{"Cold Storage": true, "Marketplace": true}', 2, -123.1, 49.25, '{cov,mv}', null, null)`.execute(
      t.database.db,
    );
    const body = (await get('retail/network/?in_area=cov', 'staff')).json();
    expect(() => networkOrganizationListSchema.parse(body)).not.toThrow();
    const added = body.results.find((o: NetworkOrganization) => o.name === name);
    expect(added).toEqual({
      id: expect.any(Number),
      name,
      address: null,
      city: null,
      sf_type: 'Caterer',
      sf_attributes: { 'Cold Storage': true, Marketplace: true },
      sf_account_stage: null,
      data: { website: null },
      location: { type: 'Point', coordinates: [-123.1, 49.25] },
      verified: 2,
    });
    await sql`delete from network_organization where id = ${added.id}`.execute(t.database.db);
  });

  it('caps at 999 and counts every participant; all is everything', async () => {
    expect((await get('retail/network/?in_area=all&limit=1000', 'staff')).statusCode).toBe(400);
    expect((await get('retail/network/?in_area=atlantis', 'staff')).statusCode).toBe(400);
    expect((await get('retail/network/?in_area=all&page=2', 'staff')).statusCode).toBe(400);
    const few = (await get('retail/network/?in_area=all&limit=5', 'staff')).json();
    expect(few.results).toHaveLength(5);
    expect(few.count).toBe((await participants('all')).length);
  });

  it('is for staff only', async () => {
    expect((await get('retail/network/?in_area=all')).statusCode).toBe(401);
    expect((await get('retail/network/?in_area=all', 'company')).statusCode).toBe(403);
    expect((await get('network/impact?in_area=all', 'store')).statusCode).toBe(403);
    expect((await get('network/regions', 'company')).statusCode).toBe(403);
  });

  it('lists every region with the 2.11 names and zooms, outlines for four, and the public page path', async () => {
    const body = (await get('network/regions', 'staff')).json();
    expect(body.results.map((r: { code: string }) => r.code)).toEqual(['rdno', 'fvrd', 'cov', 'mv', 'all']);
    for (const r of body.results) {
      expect({ name: r.name, zoom: r.zoom }).toEqual(NETWORK_REGION_TABLE[r.code as keyof typeof NETWORK_REGION_TABLE]);
      expect(r.public_path).toBe(`/public/network/${r.code}/demo`);
      expect(r.page_title.length * r.help_text.length).toBeGreaterThan(0);
      expect(r.outline === null).toBe(r.code === 'all');
    }
    expect(body.outlines.map((o: { code: string }) => o.code)).toEqual(['rdno', 'fvrd', 'cov', 'mv']);
    expect(body.map_style_url).toBeNull();
  });
});

describe('public network (region secret, limit 10000)', () => {
  it('opens with the region secret and answers a wrong secret or an unknown region with the same 404', async () => {
    const ok = await get('public/retail/network/?in_area=mv&secret=demo&limit=10000');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().results.map((o: NetworkOrganization) => o.id)).toEqual(await drawable('mv'));
    expect(ok.json().count).toBe((await participants('mv')).length);
    const wrong = await get('public/retail/network/?in_area=mv&secret=Demo');
    const unknown = await get('public/retail/network/?in_area=atlantis&secret=demo');
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.json()).toEqual(unknown.json());
    for (const path of ['public/network/region', 'public/network/impact', 'public/network/donation_totals']) {
      expect((await get(`${path}?in_area=cov&secret=nope`)).statusCode, path).toBe(404);
      expect((await get(`${path}?in_area=cov&secret=demo`)).statusCode, path).toBe(200);
    }
  });

  it('checks the query: secret needed, limit up to 10000, no unknown parameters', async () => {
    expect((await get('public/retail/network/?in_area=mv')).statusCode).toBe(400);
    expect((await get('public/retail/network/?in_area=mv&secret=demo&limit=10001')).statusCode).toBe(400);
    expect((await get('public/retail/network/?in_area=mv&secret=demo&limit=0')).statusCode).toBe(400);
    expect((await get('public/retail/network/?in_area=mv&secret=demo&search=x')).statusCode).toBe(400);
    expect((await get('public/network/impact?in_area=mv&secret=demo&page_size=10001')).statusCode).toBe(400);
    const two = (await get('public/retail/network/?in_area=all&secret=demo&limit=2')).json();
    expect(two.results).toHaveLength(2);
  });

  it('gives each region its page: 2.11 name and zoom, help text, outline, Sell and Donate or one marketplace link', async () => {
    for (const code of ['rdno', 'fvrd', 'cov', 'mv', 'all'] as const) {
      const body = (await get(`public/network/region?in_area=${code}&secret=demo`)).json();
      expect(body.region).toMatchObject({ code, ...NETWORK_REGION_TABLE[code] });
      expect(body.region).not.toHaveProperty('secret');
      expect(JSON.stringify(body)).not.toContain('"secret"');
      const single = code === 'rdno' || code === 'all';
      expect(body.region.links.marketplace !== null).toBe(single);
      expect(body.region.links.sell !== null && body.region.links.donate !== null).toBe(!single);
      expect(body.outlines).toHaveLength(4);
    }
  });

  it('compresses the list (brotli or gzip), tags it and answers 304 to a matching If-None-Match', async () => {
    const url = 'public/retail/network/?in_area=all&secret=demo';
    const plain = await get(url);
    const gz = await get(url, undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
    expect((await get(url, undefined, { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe(
      'br',
    );
    expect(gz.headers.vary).toContain('Accept-Encoding');
    const again = await get(url, undefined, { 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('shows a changed organization at once (the cached list follows the data)', async () => {
    const url = 'public/retail/network/?in_area=rdno&secret=demo';
    const before = (await get(url)).json();
    const first = before.results[0] as NetworkOrganization;
    await sql`update network_organization set name = 'Renamed Pantry', updated_at = now() where id = ${first.id}`.execute(
      t.database.db,
    );
    const after = (await get(url)).json();
    expect(after.results[0].name).toBe('Renamed Pantry');
    await sql`update network_organization set verified = 0, updated_at = now() where id = ${first.id}`.execute(
      t.database.db,
    );
    expect((await get(url)).json().count).toBe(before.count - 1);
    await sql`update network_organization set name = ${first.name}, verified = ${first.verified}, updated_at = now()
      where id = ${first.id}`.execute(t.database.db);
  });
});

describe('the organization lists after changes (kept in memory, brought up to date from the changed rows)', () => {
  const url = 'public/retail/network/?in_area=all&secret=demo&limit=10000';
  const list = async () => (await get(url)).json() as { count: number; results: NetworkOrganization[] };
  const ids = async () => (await list()).results.map((o) => o.id);

  it('adds a new organization in id order, drops a removed one, and moves one between areas', async () => {
    await list();
    const {
      rows: [added],
    } = await sql<{ id: number }>`insert into network_organization (name, sf_type, verified, lon, lat, areas)
      values ('New Pantry', 'Charity', 1, -123.0, 49.2, '{cov}') returning id`.execute(t.database.db);
    expect(await ids()).toEqual(await drawable('all'));
    expect((await list()).results.find((o) => o.id === Number(added.id))?.name).toBe('New Pantry');

    await sql`update network_organization set areas = '{rdno}', updated_at = now() where id = ${added.id}`.execute(
      t.database.db,
    );
    const rdno = (await get('public/retail/network/?in_area=rdno&secret=demo')).json() as {
      results: NetworkOrganization[];
    };
    expect(rdno.results.map((o) => o.id)).toContain(Number(added.id));
    const cov = (await get('public/retail/network/?in_area=cov&secret=demo&limit=10000')).json() as {
      results: NetworkOrganization[];
    };
    expect(cov.results.map((o) => o.id)).not.toContain(Number(added.id));

    // A removal leaves no changed row to find: the lists are read again whole.
    const before = await list();
    const removed = before.results[3].id;
    await sql`delete from network_organization where id = ${removed}`.execute(t.database.db);
    const after = await list();
    expect(after.count).toBe(before.count - 1);
    expect(after.results.map((o) => o.id)).toEqual(await drawable('all'));
    await sql`delete from network_organization where id = ${added.id}`.execute(t.database.db);
    expect(await ids()).toEqual(await drawable('all'));
  });
});

describe('network impact and donation totals (spec 7.4)', () => {
  const sums = async (area: string) => {
    const storeWhere = area === 'all' ? sql`true` : sql`${area} = any(s.areas)`;
    const orgWhere = area === 'all' ? sql`true` : sql`${area} = any(o.areas)`;
    const { rows } = await sql<{
      meals: number;
      kg: number;
      co2: number;
      money: number;
      net_kg: number;
      net_meals: number;
    }>`select
      (select coalesce(sum(d.meals_provided), 0) from donation d join store s on s.id = d.store_id where ${storeWhere}) as meals,
      (select coalesce(sum(d.weight_kg), 0) from donation d join store s on s.id = d.store_id where ${storeWhere}) as kg,
      (select coalesce(sum(d.co2_emissions_kg), 0) from donation d join store s on s.id = d.store_id where ${storeWhere}) as co2,
      (select coalesce(sum(d.money_saved), 0) from donation d join store s on s.id = d.store_id where ${storeWhere}) as money,
      (select coalesce(sum(n.weight_kg), 0) from network_donation n join network_organization o on o.id = n.network_organization_id where ${orgWhere}) as net_kg,
      (select coalesce(sum(n.meals_provided), 0) from network_donation n join network_organization o on o.id = n.network_organization_id where ${orgWhere}) as net_meals
      `.execute(t.database.db);
    return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
  };

  it('impact sums the retail program donations of the stores in the area (rollups agree with the raw rows)', async () => {
    for (const area of ['all', 'cov', 'rdno']) {
      const expected = await sums(area);
      const row = (await get(`network/impact?in_area=${area}&page_size=9999&annotate_metrics=true`, 'staff')).json()
        .results[0];
      expect(row.weight_kg__sum).toBeCloseTo(expected.kg, 2);
      expect(row.meals_provided__sum).toBeCloseTo(expected.meals, 1);
      expect(row.co2_emissions_kg__sum).toBeCloseTo(expected.co2, 2);
      expect(row.money_saved__sum).toBeCloseTo(expected.money, 1);
      expect(expected.kg).toBeGreaterThan(0);
    }
  });

  it('donation totals sum the other network organizations; the public gets no money saved', async () => {
    const expected = await sums('mv');
    const staff = (
      await get('network/donation_totals?in_area=mv&page_size=9999&annotate_metrics=true', 'staff')
    ).json();
    expect(staff).toMatchObject({ count: 1, next: null });
    expect(staff.results[0].weight_kg__sum).toBeCloseTo(expected.net_kg, 2);
    expect(staff.results[0].meals_provided__sum).toBeCloseTo(expected.net_meals, 1);
    expect(expected.net_kg).toBeGreaterThan(0);
    const pub = (
      await get('public/network/donation_totals?in_area=mv&secret=demo&page_size=9999&annotate_metrics=true')
    ).json();
    expect(pub.results[0].meals_provided__sum).toBeCloseTo(expected.net_meals, 1);
    expect(pub.results[0]).not.toHaveProperty('money_saved__sum');
    // the public panel's three figures, and nothing else (issue 32 item 9: network.public.test.ts)
    const impact = (await get('public/network/impact?in_area=mv&secret=demo&annotate_metrics=true')).json();
    expect(Object.keys(impact.results[0]).sort()).toEqual([
      'co2_emissions_kg__sum',
      'food_rescued_kg__sum',
      'meals_provided__sum',
    ]);
  });
});

describe('network impact compared (issue 38, decision 0078)', () => {
  /** The reference: the raw rows of both sources in the area within a period's calendar days (America/Vancouver). */
  const periodSums = async (area: string, from: string, to: string) => {
    const storeWhere = area === 'all' ? sql`true` : sql`${area} = any(s.areas)`;
    const orgWhere = area === 'all' ? sql`true` : sql`${area} = any(o.areas)`;
    const within = (column: RawBuilder<unknown>) =>
      sql`${column} >= (${from}::date::timestamp at time zone 'America/Vancouver')
        and ${column} < ((${to}::date + 1)::timestamp at time zone 'America/Vancouver')`;
    const { rows } = await sql<Record<string, string>>`select
      (select coalesce(sum(d.meals_provided), 0) from donation d join store s on s.id = d.store_id
        where ${storeWhere} and ${within(sql.ref('d.entry_time'))}) as meals,
      (select coalesce(sum(d.food_rescued_kg), 0) from donation d join store s on s.id = d.store_id
        where ${storeWhere} and ${within(sql.ref('d.entry_time'))}) as kg,
      (select coalesce(sum(d.money_saved), 0) from donation d join store s on s.id = d.store_id
        where ${storeWhere} and ${within(sql.ref('d.entry_time'))}) as money,
      (select coalesce(sum(n.meals_provided), 0) from network_donation n
        join network_organization o on o.id = n.network_organization_id
        where ${orgWhere} and ${within(sql.ref('n.entry_time'))}) as net_meals,
      (select coalesce(sum(n.food_rescued_kg), 0) from network_donation n
        join network_organization o on o.id = n.network_organization_id
        where ${orgWhere} and ${within(sql.ref('n.entry_time'))}) as net_kg`.execute(t.database.db);
    return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
  };

  it('answers the year to date and the last 12 months beside a year earlier, as the raw rows add up', async () => {
    const periods = impactPanelPeriods();
    const expectedDays = {
      year_to_date: { current: periods.yearToDate.current, year_ago: periods.yearToDate.yearAgo },
      last_12_months: { current: periods.last12Months.current, previous: periods.last12Months.previous },
    };
    for (const area of ['mv', 'all']) {
      const staffImpact = (
        await get(`network/impact?in_area=${area}&annotate_metrics=true&compare=true`, 'staff')
      ).json();
      const staffNet = (
        await get(`network/donation_totals?in_area=${area}&annotate_metrics=true&compare=true`, 'staff')
      ).json();
      const pubImpact = (await get(`public/network/impact?in_area=${area}&secret=demo&compare=true`)).json();
      const pubNet = (await get(`public/network/donation_totals?in_area=${area}&secret=demo&compare=true`)).json();
      let nonZero = 0;
      for (const [name, pair] of Object.entries(expectedDays)) {
        for (const [which, days] of Object.entries(pair)) {
          const expected = await periodSums(area, days.from, days.to);
          const pick = (answer: { comparison: Record<string, Record<string, unknown>> }) =>
            answer.comparison[name][which] as { entry_time__gte: string; entry_time__lte: string; results: any[] };
          for (const answer of [staffImpact, staffNet, pubImpact, pubNet]) {
            expect(pick(answer)).toMatchObject({ entry_time__gte: days.from, entry_time__lte: days.to });
          }
          expect(pick(staffImpact).results[0].meals_provided__sum).toBeCloseTo(expected.meals, 1);
          expect(pick(staffImpact).results[0].food_rescued_kg__sum).toBeCloseTo(expected.kg, 2);
          expect(pick(staffImpact).results[0].money_saved__sum).toBeCloseTo(expected.money, 1);
          expect(pick(staffNet).results[0].meals_provided__sum).toBeCloseTo(expected.net_meals, 1);
          expect(pick(staffNet).results[0].food_rescued_kg__sum).toBeCloseTo(expected.net_kg, 2);
          // the public answer: the same three figures, never weight or money saved
          expect(pick(pubImpact).results).toEqual([
            {
              meals_provided__sum: pick(staffImpact).results[0].meals_provided__sum,
              food_rescued_kg__sum: pick(staffImpact).results[0].food_rescued_kg__sum,
              co2_emissions_kg__sum: pick(staffImpact).results[0].co2_emissions_kg__sum,
            },
          ]);
          expect(pick(pubNet).results[0].food_rescued_kg__sum).toBeCloseTo(expected.net_kg, 2);
          if (expected.kg > 0) nonZero += 1;
        }
      }
      expect(nonZero, `${area}: periods with donations`).toBeGreaterThanOrEqual(3);
      // the all-time row is what it was without compare
      const plain = (await get(`public/network/impact?in_area=${area}&secret=demo`)).json();
      expect(pubImpact.results).toEqual(plain.results);
      expect(plain).not.toHaveProperty('comparison');
      expect(JSON.stringify(pubImpact)).not.toMatch(/money_saved|weight_kg/);
    }
  });

  it('a bad compare value is a 400 and a wrong secret stays a 404', async () => {
    const bad = await get('public/network/impact?in_area=mv&secret=demo&compare=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('compare');
    expect((await get('public/network/impact?in_area=mv&secret=wrong&compare=true')).statusCode).toBe(404);
    expect((await get('network/impact?in_area=mv&compare=true', 'store')).statusCode).toBe(403);
  });
});
