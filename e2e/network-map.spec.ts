import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import {
  formatCompact,
  impactPanelPeriods,
  initialShowFlags,
  isOnMap,
  mapLibreZoom,
  markerKindOf,
  NETWORK_CATEGORIES,
  networkGroups,
  organizationMatchesSearch,
  rangeText,
  setGroupShown,
  setVerifiedOnly,
  type MapOrganization,
  type PublicNetworkOrganizationList,
  type ShowFlags,
} from '../packages/shared/src/index';
import { changeOf } from '../apps/web/src/lib/compare';
import { undrawnCharacters } from './support/glyphs';
import { expectAccessible, screenshotPath, settle, signIn } from './support/helpers';
import { trackScriptWeight } from './support/script-weight';

// WebGL is software-rendered here: map steps get 15 s (STACK-NOTES).
const MAP_TIMEOUT = 15_000;
test.describe.configure({ timeout: 120_000 });

const REGIONS = [
  { code: 'fvrd', title: 'Fraser Valley Food Recovery Network', zoom: 10, single: false },
  { code: 'rdno', title: 'North Okanagan Food Recovery Network', zoom: 10, single: true },
  { code: 'cov', title: 'Vancouver Food Recovery Network', zoom: 12, single: false },
  { code: 'mv', title: 'Metro Vancouver Food Recovery Network', zoom: 10, single: false },
  { code: 'all', title: 'Food Recovery Network', zoom: 4, single: true },
] as const;

const map = (page: Page) => page.getByTestId('network-map');

/** Waits until the map has drawn `count` markers (or any number) and is idle. */
async function drawn(page: Page, count?: number): Promise<number> {
  if (count !== undefined)
    await expect(map(page)).toHaveAttribute('data-marker-count', String(count), { timeout: MAP_TIMEOUT });
  await expect(map(page)).toHaveAttribute('data-map-state', 'idle', { timeout: MAP_TIMEOUT });
  return Number(await map(page).getAttribute('data-marker-count'));
}

async function publicList(page: Page, area: string): Promise<PublicNetworkOrganizationList> {
  const res = await page.request.get(`/core-api/api/public/retail/network/?in_area=${area}&secret=demo`);
  expect(res.ok()).toBe(true);
  return res.json();
}

async function organizations(page: Page, area: string): Promise<MapOrganization[]> {
  return (await publicList(page, area)).results;
}

const onMap = (orgs: MapOrganization[], flags: ShowFlags, search = '') =>
  orgs.filter((o) => isOnMap(o, flags) && organizationMatchesSearch(o, search));

const searchBox = (page: Page) =>
  page
    .getByRole('combobox', { name: 'Search organizations by name' })
    .or(page.getByRole('textbox', { name: 'Search organizations by name' }));

/** What the map shows now (west, south, east, north), as MapLibre's getBounds() gave it at the last idle. */
async function shownBounds(page: Page): Promise<(o: MapOrganization) => boolean> {
  const [west, south, east, north] = (await map(page).getAttribute('data-bounds'))!.split(',').map(Number);
  return (o) => {
    const [lon, lat] = o.location!.coordinates;
    return lon >= west && lon <= east && lat >= south && lat <= north;
  };
}

/** Names in other scripts, imported by staff (decision 0060): a Chinese, a Gurmukhi and a Polish name, all in Metro Vancouver. */
const SCRIPT_NAMES = [
  {
    name: '大統華 Supermarket Richmond',
    type: 'Retail/Grocer',
    city: 'Richmond',
    lat: 49.1666,
    lon: -123.1336,
    term: '大統華',
  },
  { name: 'ਪੰਜਾਬੀ ਲੰਗਰ Kitchen', type: 'Charity', city: 'Surrey', lat: 49.1913, lon: -122.849, term: 'ਪੰਜਾਬੀ' },
  { name: 'Łódź Pierogi House', type: 'Restaurant/Hotel', city: 'Vancouver', lat: 49.2634, lon: -123.1, term: 'lodz' },
];

/**
 * The console's CSV import (decision 0054): the Salesforce fixture is previewed (nothing written; its CRM types
 * rejected), mapped, imported as a job, and previewed again: every row unchanged.
 */
async function importFixture(page: Page) {
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import organizations from a CSV file' });
  const fixture = fileURLToPath(new URL('../fixtures/salesforce-accounts.csv', import.meta.url));
  const choose = () => dialog.locator('input[type=file]').setInputFiles(fixture);
  await choose();
  const preview = dialog.getByRole('status').filter({ hasText: 'Preview' });
  await expect(preview).toContainText('3 rows read (UTF-8): 0 to add, 0 to update, 0 unchanged, 3 rejected.');
  await expect(dialog.getByRole('table', { name: 'Rejected rows' })).toContainText(
    "type 'Customer - Direct' is not a network category and has no type mapping",
  );
  for (const [crm, type] of [
    ['Customer - Direct', 'Retail/Grocer'],
    ['Prospect', 'Caterer'],
    ['Technology Partner', 'Distributor'],
  ]) {
    await dialog
      .getByRole('textbox', { name: crm })
      .or(dialog.getByRole('combobox', { name: crm }))
      .click();
    await dialog.getByRole('option', { name: type, exact: true }).click();
  }
  await expect(preview).toContainText('3 to add, 0 to update, 0 unchanged, 0 rejected.');
  await page.screenshot({ path: screenshotPath('network-import-preview.png') });
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Imported' })).toContainText(
    '3 added, 0 updated, 0 unchanged, 0 rejected.',
  );
  await expect(dialog.getByText(/network_import_\d+: 3 of 3 rows/)).toBeVisible();
  await choose();
  await expect(preview).toContainText('0 to add, 0 to update, 3 unchanged, 0 rejected.');
  await page.keyboard.press('Escape');
  // The import is a job like a publish: Jobs History lists it, at the top (the newest first).
  await page.getByRole('button', { name: /Account menu for staff@openrescue\.test/ }).click();
  await page.getByRole('button', { name: 'Jobs History' }).click();
  const newest = page.getByRole('dialog', { name: 'Jobs History' }).getByTestId('job-item').first();
  await expect(newest).toContainText('network_import');
  await expect(newest).toContainText('3 / 3 processed');
  await expect(newest.getByText('succeeded', { exact: true })).toBeVisible();
  await settle(page);
  await page.screenshot({ path: screenshotPath('network-import-jobs-history.png') });
  await page.keyboard.press('Escape');
}

test.describe('network map', () => {
  test('each public region page: banner, title, help text, zoom, links and markers', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const region of REGIONS) {
      await page.goto(`/public/network/${region.code}/demo`);
      const banner = page.getByTestId('network-banner');
      await expect(banner).toContainText('Join our Food Recovery Network');
      await expect(banner.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', /^mailto:/);
      await expect(banner.getByRole('link', { name: "Let's Talk" })).toHaveAttribute('href', /^https:\/\/booking\./);
      await expect(page.getByTestId('public-header')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: region.title })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(region.title));
      await expect(page.getByTestId('region-help')).not.toBeEmpty();
      const links = page.getByTestId('region-links');
      if (region.single) {
        await expect(links.getByRole('link')).toHaveText(['Marketplace']);
      } else {
        await expect(links.getByRole('link')).toHaveText(['Sell', 'Donate']);
      }
      await expect(links.getByRole('link').first()).toHaveAttribute('target', '_blank');

      const list = await publicList(page, region.code);
      const orgs = list.results;
      // the public answer lists only what the map draws: never a Farmer (spec 9, issue 32 item 9)
      expect(orgs.filter((o) => o.sf_type === 'Farmer (Livestock)')).toEqual([]);
      const expected = onMap(orgs, initialShowFlags()).length;
      expect(expected).toBe(orgs.length);
      expect(expected).toBeGreaterThan(0);
      await drawn(page, expected);
      await expect(map(page)).toHaveAttribute('data-zoom', mapLibreZoom(region.zoom).toFixed(2));
      await expect(page.getByRole('region', { name: /^Map of the / })).toBeVisible();
      await expect(page.getByTestId('participant-total')).toHaveText(list.count.toLocaleString('en-US'));
      await expect(page.getByTestId('network-impact')).toHaveCount(3); // no money saved in public
      for (const label of ['Charity / Nonprofit', 'Retailer', 'Business']) {
        await expect(page.getByRole('region', { name: 'Legend' }).getByText(label)).toBeVisible();
      }
      // 'all' splits the recovery outlets into two groups
      const groups = networkGroups(region.code).map((g) => g.label);
      for (const label of groups)
        await expect(page.getByRole('group', { name: new RegExp(`^${label}`) })).toBeVisible();
      await page.screenshot({ path: screenshotPath(`network-${region.code}.png`) });
    }
    await expectAccessible(page, 'public network map (all)');
  });

  test('search, toggles and the info card', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/public/network/mv/demo');
    const orgs = await organizations(page, 'mv');
    const flags = initialShowFlags();
    const all = await drawn(page, onMap(orgs, flags).length);

    // A 5-letter piece of a charity's name, typed in another case.
    const target = onMap(orgs, flags).find((o) => markerKindOf(o.sf_type) === 'charity' && o.data.website)!;
    const term = target.name
      .split(' ')
      .find((w) => w.length >= 5)!
      .slice(0, 5)
      .toUpperCase();
    const search = page
      .getByRole('combobox', { name: 'Search organizations by name' })
      .or(page.getByRole('textbox', { name: 'Search organizations by name' }));
    await search.fill(term.slice(0, 2));
    await expect(page.getByRole('option')).toHaveCount(0);
    await drawn(page, all);
    await search.fill(term);
    const matches = onMap(orgs, flags, term);
    await drawn(page, matches.length);
    const options = page.getByRole('option');
    await expect(options.first()).toBeVisible();
    for (const text of await options.allInnerTexts()) expect(text.toLowerCase()).toContain(term.toLowerCase());
    await expectAccessible(page, 'map search with suggestions');

    // Choosing the suggestion by keyboard opens its info card.
    const index = (await options.allInnerTexts()).findIndex((text) => text.startsWith(target.name));
    expect(index).toBeGreaterThanOrEqual(0);
    for (let i = 0; i <= index; i++) await search.press('ArrowDown');
    await search.press('Enter');
    const card = page.getByTestId('info-card');
    await expect(card.getByRole('heading', { name: target.name })).toBeVisible();
    if (target.address) await expect(card).toContainText(target.address);
    const website = card.getByTestId('info-website');
    await expect(website).toHaveAttribute('href', /^https?:\/\//);
    if (!/^https?:/.test(target.data.website!))
      await expect(website).toHaveAttribute('href', `https://${target.data.website}`);
    await expect(card.getByText('Verified', { exact: true })).toHaveCount(target.verified === 1 ? 1 : 0);
    for (const hidden of ['Marketplace', 'Wholesale', 'Retail Program', 'Non OpenRescue Network']) {
      await expect(card.getByText(hidden, { exact: true })).toHaveCount(0);
    }
    await expectAccessible(page, 'info card');
    await page.screenshot({ path: screenshotPath('network-info-card.png') });
    await card.getByRole('button', { name: 'Close' }).click();
    await expect(card).toHaveCount(0);

    // Selecting the marker itself (the map is centred on it now) opens the card again.
    await drawn(page);
    const box = (await map(page).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByTestId('info-card').getByRole('heading', { name: target.name })).toBeVisible({
      timeout: MAP_TIMEOUT,
    });
    await page.getByTestId('info-card').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Clear search' }).click();
    await drawn(page, all);

    // A group toggle sets all its categories; one category back makes the group mixed.
    const businesses = networkGroups('mv')[0];
    const group = page.getByRole('checkbox', { name: /^Food Businesses/ });
    await group.click();
    const noBusinesses = setGroupShown(flags, businesses, false);
    await drawn(page, onMap(orgs, noBusinesses).length);
    await expect(group).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: /^Retail\/Grocer/ })).not.toBeChecked();
    await page.getByRole('checkbox', { name: /^Retail\/Grocer/ }).focus();
    await page.keyboard.press('Space');
    await expect(group).toHaveJSProperty('indeterminate', true);
    const retailBack = { ...noBusinesses, categories: { ...noBusinesses.categories, retail: true } };
    await drawn(page, onMap(orgs, retailBack).length);
    await group.click(); // mixed -> all shown
    await expect(group).toBeChecked();
    await drawn(page, all);

    // Farmers are counted, never drawn (nor sent: the count comes with the list); the verified toggle keeps verified 1 only.
    const farmers = (await publicList(page, 'mv')).category_counts.farmer;
    expect(farmers).toBeGreaterThan(0);
    await expect(page.getByRole('checkbox', { name: new RegExp(`^Farmer \\(${farmers}\\)`) })).toBeVisible();
    await expect(page.getByText('Not shown on the map, for privacy')).toBeVisible();
    await page.getByRole('switch', { name: /Verified members only/ }).click({ force: true });
    await drawn(page, onMap(orgs, setVerifiedOnly(flags, true)).length);
    await page.screenshot({ path: screenshotPath('network-toggles.png') });
  });

  test('a wrong secret or region shows the wrong-url page with the plain header', async ({ page }) => {
    for (const path of ['/public/network/cov/not-the-secret', '/public/network/atlantis/demo', '/public/network/cov']) {
      await page.goto(path);
      await expect(page.getByText('Ooops! Did you type in the wrong url?')).toBeVisible();
      await expect(page.getByTestId('public-header')).toBeVisible();
      await expect(page.getByTestId('network-banner')).toHaveCount(0);
    }
    await expectAccessible(page, 'wrong-url page');
  });

  test('the page arrives with its banner, before any script, and the app takes its place', async ({
    page,
    browser,
  }) => {
    const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    const first = await bare.newPage();
    await first.goto('/public/network/mv/demo');
    const frame = first.locator('[data-page-shell]');
    await expect(frame.getByTestId('network-banner')).toContainText('Join our Food Recovery Network');
    const framed = await frame.getByTestId('network-banner').boundingBox();
    await first.screenshot({ path: screenshotPath('network-frame-before-scripts.png') });
    await bare.close();

    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/public/network/mv/demo');
    await drawn(page);
    await expect(page.locator('[data-page-shell]')).toHaveCount(0);
    await expect(page.getByTestId('network-banner')).toHaveCount(1);
    // where the frame painted it: taking the frame away moves nothing
    expect(await page.getByTestId('network-banner').boundingBox()).toEqual(framed);
  });

  test('other pages never load MapLibre (the map is its own lazy chunk)', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (/\.m?js$/.test(new URL(r.url()).pathname)) scripts.push(new URL(r.url()).pathname);
    });
    for (const path of ['/login', '/public/salescalculator', '/public/network/cov/not-the-secret']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(10);
    expect(scripts.filter((s) => /map-canvas|maplibre/.test(s))).toEqual([]);
    await page.goto('/public/network/cov/demo');
    await drawn(page);
    expect(scripts.filter((s) => /map-canvas/.test(s))).toHaveLength(1);
  });

  test('the public map page loads at most 500 kB gzip of JavaScript, MapLibre included', async ({ page }) => {
    const scripts = trackScriptWeight(page);
    await page.goto('/public/network/all/demo');
    await drawn(page);
    const { bytes: jsGzip, files } = await scripts.total();
    console.log(`public map page JavaScript: ${(jsGzip / 1000).toFixed(1)} kB gzip in ${files} files`);
    expect(jsGzip).toBeLessThanOrEqual(500 * 1000);
  });

  test('360 px wide: the panel is a bottom sheet, search and filters still work', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/public/network/cov/demo');
    const orgs = await organizations(page, 'cov');
    await drawn(page, onMap(orgs, initialShowFlags()).length);
    await expect(page.getByRole('heading', { level: 1, name: 'Vancouver Food Recovery Network' })).toBeVisible();
    await expect(page.getByTestId('network-panel')).toHaveCount(0);
    await expectAccessible(page, 'network map at 360 px');
    await page.screenshot({ path: screenshotPath('network-cov-360.png') });
    await page.getByRole('button', { name: 'Filters' }).click();
    const sheet = page.getByRole('dialog', { name: 'Network impact and filters' });
    await expect(sheet.getByText('Total network participants')).toBeVisible();
    await sheet.getByRole('checkbox', { name: /^Food Recyclers/ }).click();
    const recyclers = networkGroups('cov')[2];
    await expectAccessible(page, 'bottom sheet at 360 px');
    await page.screenshot({ path: screenshotPath('network-cov-360-sheet.png') });
    await page.keyboard.press('Escape');
    await drawn(page, onMap(orgs, setGroupShown(initialShowFlags(), recyclers, false)).length);
  });

  test('the impact panel compares this year and the last 12 months with a year before (decision 0078)', async ({
    page,
  }) => {
    // What the two public answers say for each period, summed as the panel sums them.
    const answer = async (path: string) => {
      const res = await page.request.get(`/core-api/api/public/${path}?in_area=mv&secret=demo&compare=true`);
      expect(res.ok()).toBe(true);
      return (await res.json()) as { comparison: Record<string, Record<string, PanelPeriod>> };
    };
    type PanelPeriod = { entry_time__gte: string; entry_time__lte: string; results: Record<string, number>[] };
    const [impact, donations] = await Promise.all([answer('network/impact'), answer('network/donation_totals')]);
    const sumOf = (period: string, which: string, sum: string) =>
      impact.comparison[period][which].results[0][sum] + donations.comparison[period][which].results[0][sum];
    const periods = impactPanelPeriods();
    expect(impact.comparison.year_to_date.current.entry_time__gte).toBe(periods.yearToDate.current.from);
    expect(impact.comparison.last_12_months.previous.entry_time__lte).toBe(periods.last12Months.previous.to);

    for (const size of [
      { width: 1280, height: 800, name: 'network-impact-compare-1280.png' },
      { width: 390, height: 844, name: 'network-impact-compare-390.png' },
    ]) {
      await page.setViewportSize(size);
      await page.goto('/public/network/mv/demo');
      let panel = page.getByTestId('network-panel');
      if (size.width < 768) {
        await page.getByRole('button', { name: 'Filters' }).click();
        panel = page.getByRole('dialog', { name: 'Network impact and filters' });
      }
      const cards = panel.getByTestId('network-impact');
      await expect(cards).toHaveCount(3); // no money saved in public
      const expected = [
        { label: 'Meals provided', sum: 'meals_provided__sum', write: (v: number) => formatCompact(v) },
        { label: 'Food rescued', sum: 'food_rescued_kg__sum', write: (v: number) => `${formatCompact(v)} kg` },
        { label: 'CO2e reduced', sum: 'co2_emissions_kg__sum', write: (v: number) => `${formatCompact(v)} kg` },
      ];
      for (const [i, metric] of expected.entries()) {
        const card = cards.nth(i);
        await expect(card).toContainText(metric.label);
        const lines = card.getByTestId('impact-change');
        await expect(lines).toHaveCount(2, { timeout: 15_000 });
        const rows = [
          { label: 'this year', period: 'year_to_date', other: 'year_ago' },
          { label: 'last 12 months', period: 'last_12_months', other: 'previous' },
        ];
        for (const [k, row] of rows.entries()) {
          const now = sumOf(row.period, 'current', metric.sum);
          const then = sumOf(row.period, row.other, metric.sum);
          const change = changeOf(now, then);
          const line = lines.nth(k);
          await expect(line).toHaveAttribute('data-current', metric.write(now));
          await expect(line).toHaveAttribute('data-other', metric.write(then));
          await expect(line).toHaveAttribute('data-direction', change.direction);
          await expect(line).toContainText(`${change.text} ${row.label}`);
        }
      }
      await settle(page);
      await page.screenshot({ path: screenshotPath(size.name) });
      // the other period's dates and figure on focus, reached by keyboard (focus-visible), as on the dashboard
      const first = cards.nth(1).getByTestId('impact-change').first();
      await first.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(first).toBeFocused();
      const ytd = impact.comparison.year_to_date.year_ago;
      const otherText =
        `${rangeText({ from: ytd.entry_time__gte, to: ytd.entry_time__lte })}: ` +
        `${formatCompact(sumOf('year_to_date', 'year_ago', 'food_rescued_kg__sum'))} kg`;
      // (the line before it may still be closing its own tooltip)
      await expect(page.getByRole('tooltip').filter({ hasText: otherText })).toBeVisible();
      await expectAccessible(page, `impact panel compared at ${size.width} px`);
    }
  });

  test('the ops map as staff: region picker, limit 999, money saved', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    await page.goto('/ops/network');
    await expect(page.getByRole('heading', { level: 1, name: 'Network map' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Region' })).toHaveValue('All');
    const all = await drawn(page);
    expect(all).toBeGreaterThan(0);
    expect(all).toBeLessThanOrEqual(999);
    await expect(map(page)).toHaveAttribute('data-zoom', mapLibreZoom(4).toFixed(2));
    await expect(page.getByTestId('network-impact')).toHaveCount(4);
    await expect(page.getByText('Money saved')).toBeVisible();
    await expectAccessible(page, 'ops network map');
    await page.screenshot({ path: screenshotPath('network-ops.png') });
    await importFixture(page);

    // Another region starts afresh: the search typed for this one is cleared.
    const search = page
      .getByRole('combobox', { name: 'Search organizations by name' })
      .or(page.getByRole('textbox', { name: 'Search organizations by name' }));
    await search.fill('zzz');
    await page.getByRole('combobox', { name: 'Region' }).click();
    await page.getByRole('option', { name: 'Fraser Valley' }).click();
    await expect(page).toHaveURL(/\/ops\/network\?region=fvrd$/);
    await expect(search).toHaveValue('');
    const orgs = await organizations(page, 'fvrd');
    await drawn(page, onMap(orgs, initialShowFlags()).length);
    await expect(map(page)).toHaveAttribute('data-zoom', mapLibreZoom(10).toFixed(2));
    await expect(page.getByRole('link', { name: 'Open the public page of Fraser Valley' })).toHaveAttribute(
      'href',
      '/public/network/fvrd/demo',
    );
    await page.screenshot({ path: screenshotPath('network-ops-fvrd.png') });
  });

  test('names in other scripts: found by a piece of them, shown whole on the info card', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/public/network/mv/demo');
    const orgs = await organizations(page, 'mv');
    const search = page
      .getByRole('combobox', { name: 'Search organizations by name' })
      .or(page.getByRole('textbox', { name: 'Search organizations by name' }));
    // The demo's Gurmukhi and Arabic receivers and its Chinese store (issue 34).
    for (const term of ['ਲੰਗਰ', 'الطعام', '丰收谷']) {
      const target = orgs.find((o) => o.name.includes(term))!;
      expect(target, term).toBeDefined();
      await search.fill(term);
      await page.getByRole('option').filter({ hasText: target.name }).click();
      const heading = page.getByTestId('info-card').getByRole('heading', { level: 2 });
      await expect(heading).toHaveText(target.name);
      expect(await undrawnCharacters(heading), `characters of ${target.name} drawn as boxes`).toEqual([]);
      await page.getByTestId('info-card').getByRole('button', { name: 'Close' }).click();
    }
  });

  test('a search that finds nothing says so; a city finds its places; reset shows the whole region', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/public/network/mv/demo');
    const orgs = await organizations(page, 'mv');
    const flags = initialShowFlags();
    const all = await drawn(page, onMap(orgs, flags).length);
    const firstBounds = await map(page).getAttribute('data-bounds');
    const search = searchBox(page);

    await search.fill('qzxw');
    await drawn(page, 0);
    await expect(page.getByTestId('map-no-match')).toContainText('Nothing on the map matches “qzxw”.');
    await expect(page.getByRole('option')).toHaveCount(0);
    await page.screenshot({ path: screenshotPath('network-no-match.png') });

    // A city finds the places there, also those whose name does not hold it.
    const cities = new Map<string, number>();
    for (const o of onMap(orgs, flags)) if (o.city) cities.set(o.city, (cities.get(o.city) ?? 0) + 1);
    const city = [...cities.keys()].find(
      (c) => c.length >= 5 && onMap(orgs, flags).some((o) => o.city === c && !o.name.includes(c)),
    )!;
    expect(city).toBeDefined();
    const found = onMap(orgs, flags, city.toLowerCase());
    expect(found.length).toBeGreaterThanOrEqual(cities.get(city)!);
    await search.fill(city.toLowerCase());
    await drawn(page, found.length);
    await expect(page.getByTestId('map-no-match')).toHaveCount(0);
    // The last suggestion (names holding the city come first); its card names its city.
    await page.getByRole('option').last().click();
    const card = page.getByTestId('info-card');
    const name = await card.getByRole('heading', { level: 2 }).innerText();
    const target = found.find((o) => o.name === name)!;
    expect(target, name).toBeDefined();
    await expect(card.getByTestId('info-city')).toHaveText(target.city!);
    if (target.address) await expect(card.getByTestId('info-address')).toHaveText(target.address);
    await drawn(page);
    await page.screenshot({ path: screenshotPath('network-city-card.png') });
    expect(await map(page).getAttribute('data-bounds')).not.toBe(firstBounds);

    // Reset: every marker, no card, no search, the region's first view.
    await page.getByRole('button', { name: /^Show the whole region/ }).click();
    await drawn(page, all);
    await expect(search).toHaveValue('');
    await expect(card).toHaveCount(0);
    await expect(map(page)).toHaveAttribute('data-zoom', mapLibreZoom(10).toFixed(2));
    expect(await map(page).getAttribute('data-bounds')).toBe(firstBounds);
    await page.screenshot({ path: screenshotPath('map-1280.png') });
  });

  test('the participant counts follow the filters and equal the markers shown', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/public/network/mv/demo');
    const list = await publicList(page, 'mv');
    const flags = initialShowFlags();
    await drawn(page, onMap(list.results, flags).length);
    const label = (id: string, n: number) =>
      page.getByRole('checkbox', {
        name: `${NETWORK_CATEGORIES.find((c) => c.id === id)!.label} (${n.toLocaleString('en-US')})`,
        exact: true,
      });
    const total = page.getByTestId('participant-total');
    await expect(total).toHaveText(list.count.toLocaleString('en-US'));

    await page.getByRole('switch', { name: /Verified members only/ }).click({ force: true });
    const verifiedFlags = setVerifiedOnly(flags, true);
    const markers = await drawn(page, onMap(list.results, verifiedFlags).length);
    const counts = list.verified_category_counts;
    // the demo has unverified (2) participants: the counts must move
    expect(NETWORK_CATEGORIES.some((c) => counts[c.id] !== list.category_counts[c.id])).toBe(true);
    for (const c of NETWORK_CATEGORIES) await expect(label(c.id, counts[c.id])).toBeVisible();
    // each drawn category's count is its markers on the map, and together they are every marker
    const drawnCategories = NETWORK_CATEGORIES.filter((c) => c.onMap);
    for (const c of drawnCategories) {
      const own = list.results.filter((o) => isOnMap(o, verifiedFlags) && c.types.includes(o.sf_type)).length;
      expect(counts[c.id], c.id).toBe(own);
    }
    expect(drawnCategories.reduce((n, c) => n + counts[c.id], 0)).toBe(markers);
    const everyone = NETWORK_CATEGORIES.reduce((n, c) => n + counts[c.id], 0);
    await expect(total).toHaveText(everyone.toLocaleString('en-US'));

    // a group off: its participants leave the total, and the markers
    const businesses = networkGroups('mv')[0];
    await page.getByRole('checkbox', { name: /^Food Businesses/ }).click();
    const left = everyone - businesses.categoryIds.reduce((n, id) => n + counts[id], 0);
    await expect(total).toHaveText(left.toLocaleString('en-US'));
    await drawn(page, onMap(list.results, setGroupShown(verifiedFlags, businesses, false)).length);
    await expectAccessible(page, 'counts with the verified filter');
  });

  test('390 px: the All region opens on its markers; reset comes back to them', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/public/network/all/demo');
    const orgs = await organizations(page, 'all');
    const all = onMap(orgs, initialShowFlags());
    await drawn(page, all.length);
    // the table's zoom 4 around North America's centre holds none of them at this width: the first view fits them
    // (once the map has its size: on a loaded machine the page is laid out after the map's first idle)
    await expect
      .poll(async () => all.filter(await shownBounds(page)).length, { timeout: MAP_TIMEOUT })
      .toBe(all.length);
    await drawn(page, all.length);
    const firstBounds = await map(page).getAttribute('data-bounds');
    await page.screenshot({ path: screenshotPath('map-390.png') });
    await expectAccessible(page, 'All region at 390 px');

    const target = all.find((o) => o.city)!;
    await searchBox(page).fill(target.name);
    await page.getByRole('option').filter({ hasText: target.name }).first().click();
    await expect(page.getByTestId('info-card').getByTestId('info-city')).toHaveText(target.city!);
    await drawn(page, 1);
    await page.getByRole('button', { name: /^Show the whole region/ }).click();
    await drawn(page, all.length);
    expect(await map(page).getAttribute('data-bounds')).toBe(firstBounds);
  });

  test('names in other scripts imported by staff: found by search, the card names their city', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signIn(page, 'staff');
    await expect(page).toHaveURL(/\/ops$/);
    await page.goto('/ops/network');
    await drawn(page);
    const csv = [
      'Name,Type,BillingStreet,BillingCity,Account Stage,Attributes,BillingLatitude,BillingLongitude',
      ...SCRIPT_NAMES.map(
        (o, i) => `"${o.name}",${o.type},${100 + i} Main St,${o.city},Active,Marketplace,${o.lat},${o.lon}`,
      ),
    ].join('\n');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import organizations from a CSV file' });
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'script-names.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Imported' })).toContainText('0 rejected.');
    await page.keyboard.press('Escape');

    await page.goto('/public/network/mv/demo');
    await drawn(page);
    const search = searchBox(page);
    for (const o of SCRIPT_NAMES) {
      await search.fill(o.term);
      await page.getByRole('option').filter({ hasText: o.name }).click();
      const card = page.getByTestId('info-card');
      const heading = card.getByRole('heading', { level: 2 });
      await expect(heading).toHaveText(o.name);
      await expect(card.getByTestId('info-city')).toHaveText(o.city);
      expect(await undrawnCharacters(heading), `characters of ${o.name} drawn as boxes`).toEqual([]);
      await card.getByRole('button', { name: 'Close' }).click();
    }
  });
});
