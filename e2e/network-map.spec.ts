import { expect, test } from '@playwright/test';
import {
  formatCompact,
  impactPanelPeriods,
  initialShowFlags,
  mapLibreZoom,
  markerKindOf,
  networkGroups,
  rangeText,
  setGroupShown,
  setVerifiedOnly,
} from '../packages/shared/src/index';
import { changeOf } from '../apps/web/src/lib/compare';
import { expectAccessible, networkToday, screenshotPath, settle } from './support/helpers';
import {
  drawn,
  map,
  MAP_TIMEOUT,
  onMap,
  openRegionMap,
  organizations,
  publicList,
  REGIONS,
  searchBox,
} from './support/network-map';
import { trackScriptWeight } from './support/script-weight';

// The public region pages (the staff's map, search and counts: network-map-search.spec.ts).
test.describe.configure({ timeout: 120_000 });

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
    const orgs = await openRegionMap(page, 'mv');
    const flags = initialShowFlags();
    const all = await drawn(page, onMap(orgs, flags).length);

    // A 5-letter piece of a charity's name, typed in another case.
    const target = onMap(orgs, flags).find((o) => markerKindOf(o.sf_type) === 'charity' && o.data.website)!;
    const term = target.name
      .split(' ')
      .find((w) => w.length >= 5)!
      .slice(0, 5)
      .toUpperCase();
    const search = searchBox(page);
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
    // The network's today as the browser and the server reckon it (the runner's Node 20 can be an hour behind).
    const periods = impactPanelPeriods(await networkToday(page));
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
});
