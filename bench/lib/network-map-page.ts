import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { buildApp, DEFAULT_WEB_DIST } from '../../apps/server/src/app.js';
import { loadEnv } from '../../apps/server/src/config/env.js';
import { openDatabase } from '../../apps/server/src/db/connection.js';
import { insertBulkNetworkOrganizations } from '../../apps/server/src/db/demo/network-bulk.js';
import { migrate } from '../../apps/server/src/db/migrate.js';

/** The public map page the map benchmarks load: every region, secret `demo`. */
export const PUBLIC_MAP_PATH = '/public/network/all/demo';

/**
 * PGlite in memory with `orgs` network organizations and every region's secret set to `demo`, and the built product
 * served from each of `dists` (one server each, one database), for network-map-bench.ts and map-load-timeline.ts.
 */
export async function startNetworkMapServers(orgs: number, dists: string[] = [DEFAULT_WEB_DIST]) {
  const database = await openDatabase({ dataDir: null });
  await migrate(database);
  await sql`update region set secret = 'demo'`.execute(database.db);
  await insertBulkNetworkOrganizations(database.db, orgs);
  const servers: { dist: string; app: Awaited<ReturnType<typeof buildApp>>['app']; base: string }[] = [];
  for (const dist of dists) {
    const env = loadEnv({ LOG_LEVEL: 'silent', NODE_ENV: 'production', WEB_DIST: dist });
    const { app } = await buildApp({ env, database, logger: false, origin: 'http://127.0.0.1' });
    servers.push({ dist, app, base: await app.listen({ host: '127.0.0.1', port: 0 }) });
  }
  const close = async () => {
    for (const { app } of servers) await app.close();
    await database.close();
  };
  return { database, servers, close };
}

/** The map box once it is idle with markers drawn (it is idle with none before the organizations arrive). */
export const MAP_DRAWN = '[data-testid=network-map][data-map-state=idle]:not([data-marker-count="0"])';

/** One change of the map box as the page saw it: when (ms since navigation), its state, the markers it had drawn. */
export type MapStateChange = [at: number, state: string, markers: number];

/**
 * An init script recording in `window.__mapStates` when the map box appeared ('box') and each change of its
 * `data-map-state` with `data-marker-count`. Timed in the page: Playwright's own polling for the attribute would add
 * its delay. A string: tsx adds name helpers to functions that do not exist in the page.
 */
export const WATCH_MAP_STATES = `(() => {
  const changes = (window.__mapStates = []);
  const watch = () => {
    const box = document.querySelector('[data-testid=network-map]');
    if (!box) return requestAnimationFrame(watch);
    changes.push([performance.now(), 'box', 0]);
    new MutationObserver(() => {
      changes.push([performance.now(), box.getAttribute('data-map-state'), Number(box.getAttribute('data-marker-count'))]);
    }).observe(box, { attributes: true, attributeFilter: ['data-map-state'] });
  };
  watch();
})()`;

export const mapStateChanges = (page: Page) => page.evaluate('window.__mapStates') as Promise<MapStateChange[]>;

/** When the map first reported idle with `markers` drawn (it can be idle before the organizations arrive: 0). */
export async function allDrawnAt(page: Page, markers: number): Promise<number> {
  const drawn = (await mapStateChanges(page)).find(([, state, count]) => state === 'idle' && count === markers);
  if (!drawn) throw new Error(`the map never reported ${markers} markers drawn`);
  return drawn[0];
}
