import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { ARCHIVE_PLACE, writePmtilesArchive } from '../apps/server/src/test-support/pmtiles-archive';
import { screenshotPath, signIn } from './support/helpers';

// Issue 38 section 4: place names on the built-in offline map, drawn with glyphs served with the product, and real
// tiles from a PMTiles archive on the server (MAP_PMTILES). WebGL is software-rendered here: map steps get 15 s.
const MAP_TIMEOUT = 15_000;
test.describe.configure({ timeout: 120_000 });

const map = (page: Page) => page.getByTestId('network-map');
/** The names the map's label layers show, once the map is idle (data-place-names, written at each idle). */
async function placeNames(page: Page, expected: string[]): Promise<string[]> {
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle', { timeout: MAP_TIMEOUT });
  for (const name of expected) {
    await expect(map(page)).toHaveAttribute('data-place-names', new RegExp(`(^|\\|)${name}(\\||$)`), {
      timeout: MAP_TIMEOUT,
    });
  }
  return (await map(page).getAttribute('data-place-names'))!.split('|').filter(Boolean);
}

/** Every request the page makes that leaves its own origin, and the glyph and place files it fetched. */
function watchRequests(page: Page, origin: string) {
  const seen = { elsewhere: [] as string[], glyphs: [] as { url: string; status: number }[], places: [] as string[] };
  page.on('request', (request) => {
    const url = request.url();
    if (/^https?:/.test(url) && !url.startsWith(origin)) seen.elsewhere.push(url);
  });
  page.on('response', (response) => {
    const url = response.url();
    if (url.includes('/map/fonts/')) seen.glyphs.push({ url, status: response.status() });
    if (url.includes('/map/places/')) seen.places.push(url);
  });
  return seen;
}

// Each region's first view and some places over 1,000 people it must name (GeoNames; the cities win collisions).
const REGIONS = [
  { code: 'cov', names: ['Vancouver', 'Burnaby'] },
  { code: 'mv', names: ['Vancouver', 'Surrey', 'Richmond'] },
  { code: 'fvrd', names: ['Abbotsford', 'Chilliwack'] },
  { code: 'rdno', names: ['Vernon'] },
  { code: 'all', names: ['Vancouver', 'Chicago'] },
] as const;

test.describe('place names on the offline map', () => {
  for (const region of REGIONS) {
    test(`the ${region.code} region's first view names its places, offline`, async ({ page, baseURL }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const seen = watchRequests(page, baseURL!);
      await page.goto(`/public/network/${region.code}/demo`);
      const names = await placeNames(page, [...region.names]);
      expect(names.length).toBeGreaterThanOrEqual(region.names.length);
      // the glyphs came from this server, every one found; the region's own place file; nothing from elsewhere
      expect(seen.glyphs.length).toBeGreaterThan(0);
      expect(seen.glyphs.filter((g) => g.status !== 200)).toEqual([]);
      expect(seen.glyphs.every((g) => g.url.includes('/map/fonts/Noto%20Sans%20'))).toBe(true);
      expect(seen.places).toEqual([`${baseURL}/map/places/${region.code}.json`]);
      expect(seen.elsewhere).toEqual([]);
      await page.screenshot({ path: screenshotPath(`map-labels-${region.code}.png`) });
    });
  }

  test('on a phone, and on the console map, the names are there too', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/public/network/cov/demo');
    await placeNames(page, ['Vancouver']);
    await page.screenshot({ path: screenshotPath('map-labels-cov-phone.png') });

    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    await page.goto('/ops/network');
    await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue('All');
    await placeNames(page, ['Vancouver']);
  });
});

test.describe('MAP_PMTILES: real tiles from the server', () => {
  const PORT = 8093;
  const origin = `http://localhost:${PORT}`;
  const folder = mkdtempSync(join(tmpdir(), 'openrescue-e2e-pmtiles-'));
  let server: ChildProcess | null = null;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    const archive = join(folder, 'region.pmtiles');
    writePmtilesArchive(archive);
    // A server of its own (the lane's runs the offline style): the real product, started as the lanes' are.
    server = spawn(process.execPath, ['support/start-app.mjs'], {
      cwd: fileURLToPath(new URL('.', import.meta.url)),
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(PORT),
        PUBLIC_URL: origin,
        MAP_PMTILES: archive,
        DEMO_DONATIONS: '200',
        OPENRESCUE_BUILT: '1',
      },
    });
    await expect
      .poll(async () => (await fetch(`${origin}/health`).catch(() => null))?.status ?? 0, {
        timeout: 240_000,
        intervals: [1_000],
      })
      .toBe(200);
  });
  test.afterAll(() => {
    server?.kill('SIGTERM');
    rmSync(folder, { recursive: true, force: true });
  });

  test('the map draws the archive, read with range requests from this server', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const seen = watchRequests(page, origin);
    const ranges: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/map/tiles/region.pmtiles')) ranges.push(response.status());
    });
    const style = page.waitForResponse((r) => r.url() === `${origin}/map/style.json` && r.status() === 200);
    await page.goto(`${origin}/public/network/cov/demo`);
    await style;
    // the archive's own place, drawn by the Protomaps style (not the offline map's GeoNames names)
    const names = await placeNames(page, [ARCHIVE_PLACE.name]);
    expect(names).not.toContain('Burnaby');
    expect(ranges.length).toBeGreaterThan(0);
    expect(ranges.every((status) => status === 206)).toBe(true);
    expect(seen.places).toEqual([]);
    expect(seen.elsewhere).toEqual([]);
    await page.screenshot({ path: screenshotPath('map-pmtiles-cov.png') });
  });
});
