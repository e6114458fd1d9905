import { defineConfig } from '@playwright/test';

const APP_PORT = 8090;
const OIDC_PORT = 8091;
export const APP_ORIGIN = `http://localhost:${APP_PORT}`;

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

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../.test-tmp/e2e-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.test-tmp/e2e.json' }]],
  use: {
    baseURL: APP_ORIGIN,
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: [
    {
      command: `node support/oidc-provider.mjs`,
      url: `http://localhost:${OIDC_PORT}/.well-known/openid-configuration`,
      env: { OIDC_PORT: String(OIDC_PORT), APP_ORIGIN },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: 'node support/start-app.mjs',
      url: `${APP_ORIGIN}/health`,
      env: {
        PORT: String(APP_PORT),
        PUBLIC_URL: APP_ORIGIN,
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
      stdout: 'pipe',
    },
  ],
});
