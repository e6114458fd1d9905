import { existsSync, readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
// @ts-expect-error plain ESM script without types
import { CHROMIUM, HEADLESS_SHELL } from '../scripts/ensure-chromium.mjs';

const APP_PORT = 8090;
const OIDC_PORT = 8091;
const READY_PORT = 8097;
export const APP_ORIGIN = `http://localhost:${APP_PORT}`;

/**
 * Three lanes, each a worker of its own against a server of its own (its own data folder): the journeys change data
 * (weights inserted, links rotated, files published, sign-ins counted), so no two run against one server at once,
 * and each lane keeps its files' order. The lanes are balanced by the files' durations in CI; sign-in and social
 * sign-in stay on the first server, the one whose address the specs spell. Four lanes were tried (decision 0055):
 * on these 2 cores the run took as long and journeys timed out. The machine is busy throughout, so the run ends when
 * its longest lane does: each lane holds about a third of the journeys' time.
 */
const LANES: { name: string; port: number; files: string[] }[] = [
  {
    name: 'first',
    port: APP_PORT,
    files: [
      'sign-in',
      'social-sign-in',
      'client-dashboard',
      'flows-and-logs',
      'ops-shell',
      'publish',
      'reports-and-posters',
      'reports-and-posters-phones',
      'public-and-errors',
    ],
  },
  {
    name: 'second',
    port: 8092,
    files: [
      'ops-dashboard',
      'ops-panels',
      'network-map',
      'network-map-search',
      'generated-files',
      'public-pages',
      'client-dashboard-loading',
      'list-sorting',
      'ops-papercuts',
    ],
  },
  {
    name: 'third',
    port: 8094,
    files: [
      'compare-and-range',
      'dashboard-export',
      'company-report',
      'share-links',
      'charity',
      'map-labels',
      'ops-lists',
      'ops-text',
      'session-refresh',
      'transcripts',
      'audit-trail',
      'calculator',
      'client-dashboard-charts',
    ],
  },
];
const originOf = (port: number) => `http://localhost:${port}`;
// A spec in no lane would never run: refuse to start instead.
const unassigned = readdirSync(dirname(fileURLToPath(import.meta.url)))
  .filter((f) => f.endsWith('.spec.ts'))
  .filter((f) => !LANES.some((lane) => lane.files.includes(f.replace(/\.spec\.ts$/, ''))));
if (unassigned.length) throw new Error(`e2e/playwright.config.ts: put ${unassigned.join(', ')} in a lane`);

// `npm test` names its browser (CHROMIUM_PATH: the headless shell it installs, scripts/ensure-chromium.mjs); a run of
// its own takes the headless shell when installed, else Chromium.
const executablePath: string = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : CHROMIUM);

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--enable-unsafe-swiftshader',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The app servers, one per lane, started side by side (support/start-apps.mjs); ready when every one is.
const appServers = {
  command: 'node support/start-apps.mjs',
  url: `http://localhost:${READY_PORT}/`,
  env: {
    E2E_LANES: JSON.stringify(LANES.map((lane) => ({ port: lane.port, origin: originOf(lane.port) }))),
    READY_PORT: String(READY_PORT),
    OIDC_ISSUER: `http://localhost:${OIDC_PORT}`,
    OIDC_CLIENT_ID: 'openrescue-e2e',
    OIDC_CLIENT_SECRET: 'openrescue-e2e-secret',
    OIDC_LABEL: 'Local SSO',
    // The journeys sign the same demo accounts in many times a minute; the per-account limit itself is
    // proven by the API tests (auth.test.ts, bench/login-burst.ts).
    LOGIN_RATE_LIMIT_PER_MINUTE: '120',
  },
  reuseExistingServer: false,
  timeout: 240_000,
  stdout: 'pipe' as const,
};

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../.test-tmp/e2e-results',
  fullyParallel: false,
  workers: LANES.length,
  projects: LANES.map((lane) => ({
    name: lane.name,
    testMatch: lane.files.map((file) => `**/${file}.spec.ts`),
    workers: 1,
    use: { baseURL: originOf(lane.port) },
  })),
  // One retry: a journey that fails once on a loaded machine and passes again is reported by `npm test` by name
  // (scripts/test-all.mjs), with what its page showed; a journey that fails twice fails the run.
  retries: 1,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-tmp/e2e.json' }]],
  use: {
    baseURL: APP_ORIGIN,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath, args: chromiumArgs },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: `node support/oidc-provider.mjs`,
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      env: { OIDC_PORT: String(OIDC_PORT), APP_ORIGIN: LANES.map((lane) => originOf(lane.port)).join(',') },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    appServers,
  ],
});
