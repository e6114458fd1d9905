import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  NETWORK_AREAS,
  hiddenTagAttributes,
  initialShowFlags,
  isOnMap,
  participantCounts,
  visibleTags,
  type NetworkOrganization,
} from '@openrescue/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../../test-support/test-app.js';
import { loadNetworkSettings } from './network.config.js';

/**
 * Issue 32 items 9 and 12: the public network answers carry only what the public page shows (never a Farmer: spec
 * section 9), and the public endpoints are rate-limited per client address.
 */
let t: TestApp;
let tokens: Record<DemoRole, string>;
let farmers: { id: number; name: string; address: string | null }[];

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 3000 });
  tokens = await signInDemoAccounts(t.app);
  const { rows } = await sql<{ id: number; name: string; address: string | null }>`select id, name, address
    from network_organization where sf_type = 'Farmer (Livestock)' and verified > 0 order by id`.execute(t.database.db);
  farmers = rows.map((r) => ({ ...r, id: Number(r.id) }));
});
afterAll(async () => t?.close());

const get = (url: string, who?: DemoRole, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'GET',
    url: `/core-api/api/${url}`,
    headers: { ...(who ? { authorization: `Bearer ${tokens[who]}` } : {}), ...headers },
  });

/** The answer's text as the client reads it, whatever its encoding. */
async function text(url: string, encoding?: 'gzip' | 'br'): Promise<string> {
  const res = await get(url, undefined, encoding ? { 'accept-encoding': encoding } : {});
  expect(res.statusCode, url).toBe(200);
  const coded = res.headers['content-encoding'];
  if (coded === 'gzip') return gunzipSync(res.rawPayload).toString();
  if (coded === 'br') return brotliDecompressSync(res.rawPayload).toString();
  return res.body;
}

const publicUrls = (area: string) => [
  `public/network/region?in_area=${area}&secret=demo`,
  `public/retail/network/?in_area=${area}&secret=demo&limit=10000`,
  `public/network/impact?in_area=${area}&secret=demo&page_size=9999&annotate_metrics=true`,
  `public/network/donation_totals?in_area=${area}&secret=demo&page_size=9999&annotate_metrics=true`,
];

const PUBLIC_ORG_KEYS = ['address', 'city', 'data', 'id', 'location', 'name', 'sf_attributes', 'sf_type', 'verified'];

describe('public network answers (issue 32 item 9: spec 9, Farmers are not shown, for privacy)', () => {
  it('never hold a Farmer: no name, no address, in any region, encoding or cached copy', async () => {
    expect(farmers.length).toBeGreaterThan(0);
    // The staff lists (which keep the Farmers) are built and cached first: they must never reach the public.
    for (const area of NETWORK_AREAS)
      expect((await get(`retail/network/?in_area=${area}`, 'staff')).statusCode).toBe(200);
    for (const area of NETWORK_AREAS) {
      for (const url of publicUrls(area)) {
        for (const encoding of [undefined, 'gzip', 'br'] as const) {
          const body = await text(url, encoding);
          for (const farmer of farmers) {
            expect(body, `${url} ${encoding}`).not.toContain(JSON.stringify(farmer.name));
            if (farmer.address) expect(body, `${url} ${encoding}`).not.toContain(JSON.stringify(farmer.address));
            expect(body).not.toMatch(new RegExp(`"id":${farmer.id}[,}]`));
          }
          expect(body).not.toContain('Farmer (Livestock)');
        }
      }
    }
  });

  it('list only what the map draws, with the fields the page shows; the counts are the page figures as before', async () => {
    const shown = new Set(hiddenTagAttributes(t.ctx.env.PRODUCT_NAME));
    for (const area of ['cov', 'rdno', 'fvrd'] as const) {
      const staff = (await get(`retail/network/?in_area=${area}&limit=999`, 'staff')).json() as {
        count: number;
        results: NetworkOrganization[];
      };
      expect(staff.results).toHaveLength(staff.count); // the whole area, to compare with
      const pub = JSON.parse(await text(`public/retail/network/?in_area=${area}&secret=demo`));
      expect(Object.keys(pub).sort()).toEqual([
        'category_counts',
        'count',
        'next',
        'results',
        'verified_category_counts',
      ]);
      // the page's "Total network participants" and the filter's counts, Farmers included, are what they were
      expect(pub.count).toBe(staff.count);
      expect(pub.category_counts).toEqual(participantCounts(staff.results));
      expect(pub.category_counts.farmer).toBeGreaterThan(0);
      // with "Verified members only" the filter counts verified 1 only, Farmers too (decision 0060)
      expect(pub.verified_category_counts).toEqual(participantCounts(staff.results.filter((o) => o.verified === 1)));
      expect(pub.verified_category_counts.farmer).toBeLessThanOrEqual(pub.category_counts.farmer);
      // only what the map can draw: every other participant is never shown, so never sent
      const drawable = staff.results.filter((o) => isOnMap(o, initialShowFlags()));
      expect(pub.results.map((o: { id: number }) => o.id)).toEqual(drawable.map((o) => o.id));
      const byId = new Map(staff.results.map((o) => [o.id, o]));
      for (const o of pub.results) {
        expect(Object.keys(o).sort()).toEqual(PUBLIC_ORG_KEYS);
        expect(Object.keys(o.data)).toEqual(['website']);
        const full = byId.get(o.id)!;
        const { sf_account_stage: _stage, sf_attributes: _attributes, ...same } = full;
        expect(o).toMatchObject(same);
        // the attributes are exactly the info card's tags: set ones, none of section 9's hidden ones
        expect(Object.keys(o.sf_attributes).sort((a, b) => a.localeCompare(b))).toEqual(
          visibleTags(full.sf_attributes, t.ctx.env.PRODUCT_NAME),
        );
        expect(Object.values(o.sf_attributes).every((v) => v === true)).toBe(true);
        expect(Object.keys(o.sf_attributes).some((k) => shown.has(k))).toBe(false);
      }
      expect(pub.results.length).toBeGreaterThan(0);
    }
  });

  it("sends an organization's attributes as the info card's tags: no hidden one, none set to false", async () => {
    const product = t.ctx.env.PRODUCT_NAME;
    const {
      rows: [added],
    } = await sql<{ id: number }>`insert into network_organization (name, sf_type, sf_attributes, sf_account_stage,
      verified, lon, lat, areas) values ('Tagged Pantry', 'Charity', ${JSON.stringify({
        'Cold Storage': true,
        'Weekend Pickup': false,
        Marketplace: true,
        Wholesale: true,
        'Retail Program': true,
        [`Non ${product} Network`]: true,
      })}::jsonb, 'Active', 1, -123.1, 49.25, '{cov}') returning id`.execute(t.database.db);
    try {
      const pub = JSON.parse(await text('public/retail/network/?in_area=cov&secret=demo'));
      const found = pub.results.find((o: { id: number }) => o.id === Number(added.id));
      expect(found).toMatchObject({ name: 'Tagged Pantry', verified: 1, sf_attributes: { 'Cold Storage': true } });
      expect(Object.keys(found.sf_attributes)).toEqual(['Cold Storage']);
      const staff = (await get('retail/network/?in_area=cov', 'staff')).json();
      expect(staff.results.find((o: { id: number }) => o.id === Number(added.id))).toMatchObject({
        sf_account_stage: 'Active',
      });
    } finally {
      await sql`delete from network_organization where id = ${added.id}`.execute(t.database.db);
    }
  });

  it('region and totals: exactly the fields the page shows (no second outline, no weight, no money saved)', async () => {
    const region = (await get('public/network/region?in_area=cov&secret=demo')).json();
    expect(Object.keys(region).sort()).toEqual(['map_style_url', 'outlines', 'region']);
    expect(Object.keys(region.region).sort()).toEqual([
      'center',
      'code',
      'help_text',
      'links',
      'name',
      'page_title',
      'zoom',
    ]);
    expect(region.outlines.map((o: { code: string }) => o.code)).toContain('cov');
    for (const path of ['network/impact', 'network/donation_totals']) {
      const staff = (await get(`${path}?in_area=mv&annotate_metrics=true`, 'staff')).json().results[0];
      for (const query of ['&annotate_metrics=true', '', '&annotate_metrics=false&page_size=9999']) {
        const pub = (await get(`public/${path}?in_area=mv&secret=demo${query}`)).json();
        expect(pub).toMatchObject({ count: 1, next: null });
        expect(pub.results).toEqual([
          {
            meals_provided__sum: staff.meals_provided__sum,
            food_rescued_kg__sum: staff.food_rescued_kg__sum,
            co2_emissions_kg__sum: staff.co2_emissions_kg__sum,
          },
        ]);
      }
    }
  });
});

describe('public network rate limit (issue 32 item 12)', () => {
  const from = (remoteAddress: string) => (url: string) =>
    t.app.inject({ method: 'GET', url: `/core-api/api/${url}`, remoteAddress });

  it('one client address gets a page load budget a visitor never reaches, then 429 with Retry-After', async () => {
    const limit = loadNetworkSettings().publicRateLimitPerMinute;
    expect(limit).toBeGreaterThanOrEqual(4 * 30); // 30 page loads a minute from one address
    const visitor = from('203.0.113.7');
    const statuses = new Map<number, number>();
    for (let i = 0; i < limit; i += 1) {
      // page loads, with a guessed secret now and then: guesses count against the same budget
      const url =
        i % 10 === 9
          ? `public/network/region?in_area=mv&secret=guess-${i}`
          : publicUrls('mv')[i % 4].replace('limit=10000', 'limit=10');
      const res = await visitor(url);
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
    }
    expect([...statuses.keys()].sort()).toEqual([200, 404]);
    for (const url of [...publicUrls('mv'), 'public/network/region?in_area=mv&secret=another-guess']) {
      const refused = await visitor(url);
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toMatchObject({ type: 'rate_limited' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // another address keeps its own budget; staff routes have none of it
    expect((await from('203.0.113.8')(publicUrls('mv')[0])).statusCode).toBe(200);
    const staff = await t.app.inject({
      method: 'GET',
      url: '/core-api/api/network/regions',
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${tokens.staff}` },
    });
    expect(staff.statusCode).toBe(200);
  });
});

describe('region secrets (issue 32 item 12)', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await buildTestApp();
  });
  afterAll(async () => fresh?.close());
  const secrets = async () =>
    (
      await sql<{ code: string; secret: string }>`select code, secret from region order by code`.execute(
        fresh.database.db,
      )
    ).rows;

  it('a deployment starts with random secrets of 16 characters or more, and a new region gets one', async () => {
    const start = await secrets();
    expect(start).toHaveLength(5);
    for (const { secret } of start) expect(secret).toMatch(/^[0-9a-f]{16,}$/);
    expect(new Set(start.map((r) => r.secret)).size).toBe(5);
    const { rows: added } = await sql<{
      secret: string;
    }>`insert into region (code, name, zoom, center_lon, center_lat, page_title)
      values ('newa', 'New A', 10, -120, 50, 'New A'), ('newb', 'New B', 10, -121, 50, 'New B') returning secret`.execute(
      fresh.database.db,
    );
    expect(added).toHaveLength(2);
    for (const { secret } of added) expect(secret.length).toBeGreaterThanOrEqual(16);
    expect(added[0].secret).not.toBe(added[1].secret);
    await sql`delete from region where code in ('newa', 'newb')`.execute(fresh.database.db);
    // the public page opens with the region's secret only
    const cov = start.find((r) => r.code === 'cov')!.secret;
    const open = (secret: string) =>
      fresh.app.inject({ method: 'GET', url: `/core-api/api/public/network/region?in_area=cov&secret=${secret}` });
    expect((await open(cov)).statusCode).toBe(200);
    expect((await open('demo')).statusCode).toBe(404);
    expect((await open(cov.slice(0, -1))).statusCode).toBe(404);
  });

  it('the database refuses a short secret; the demo keeps its documented one', async () => {
    const set = (secret: string) =>
      sql`update region set secret = ${secret} where code = 'mv'`.execute(fresh.database.db);
    await expect(set('fifteen-chars-x')).rejects.toThrow(/region_secret_check/);
    await expect(set('x'.repeat(201))).rejects.toThrow(/region_secret_check/);
    await set('demo');
    await set('sixteen-chars-xx');
    expect((await secrets()).find((r) => r.code === 'mv')!.secret).toBe('sixteen-chars-xx');
  });
});
