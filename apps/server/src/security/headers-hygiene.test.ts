import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type DemoRole, signInDemoAccounts, type TestApp } from '../test-support/test-app.js';

/**
 * Suite 8 of issue 9, headers and hygiene: every response carries the browser protections (a CSP without inline
 * scripts and with frame-ancestors, nosniff, HSTS for when the server is reached over TLS); no configured secret
 * reaches a log line; the lockfile pins every package to a registry tarball with an integrity hash, and what is
 * installed is what it pins.
 */
const SECRETS = {
  AUTH_SECRET: 'auth-secret-3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c1e',
  SMTP_URL: 'smtp://mailer:smtp-pass-8d2f6a@127.0.0.1:1',
  OIDC_CLIENT_SECRET: 'oidc-client-secret-5e7c9a1b',
};
const SECRET_VALUES = [
  'auth-secret-3f9a1c7e5b2d4f6a8c0e1b3d5f7a9c1e',
  'smtp-pass-8d2f6a',
  'oidc-client-secret-5e7c9a1b',
];

let t: TestApp;
let tokens: Record<DemoRole, string>;
let webDist: string;
const lines: string[] = [];
const checked: string[] = [];

beforeAll(async () => {
  // A web build of its own (the real one may not be built yet when the API tests run): pages, an asset, a favicon.
  webDist = mkdtempSync(join(tmpdir(), 'openrescue-headers-web-'));
  const page = '<!doctype html><html><head><title>t</title></head><body><div id="root"></div></body></html>';
  for (const file of ['index.html', 'login.html', 'calculator.html']) writeFileSync(join(webDist, file), page);
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  const stream = new PassThrough();
  stream.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
  t = await buildTestApp(
    {
      ...SECRETS,
      WEB_DIST: webDist,
      LOG_LEVEL: 'trace',
      OIDC_ISSUER: 'https://id.example.test',
      OIDC_CLIENT_ID: 'openrescue',
    },
    { logStream: stream, demo: 300 },
  );
  tokens = await signInDemoAccounts(t.app);
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

function expectProtected(res: { headers: Record<string, unknown> }, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  const directives = new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  const scripts = directives.get('script-src') ?? directives.get('default-src') ?? [];
  expect(csp, what).not.toBe('');
  expect(scripts, what).not.toContain("'unsafe-inline'");
  expect(scripts, what).not.toContain("'unsafe-eval'");
  expect(directives.get('default-src'), what).toEqual(["'self'"]);
  expect(directives.get('frame-ancestors'), what).toEqual(["'self'"]);
  expect(directives.get('object-src'), what).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(String(res.headers['strict-transport-security']), what).toMatch(/max-age=\d{7,}/);
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(res.headers['x-powered-by'], what).toBeUndefined();
  checked.push(what);
}

const concrete = (url: string) => url.replace(/:[a-z_]+/gi, '1').replace(/\*$/, 'x');

describe('security headers on every response', () => {
  it('every API route, called anonymously and as staff (reads), answers with them', async () => {
    const routes = t.routes.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/ops-api/live/'));
    expect(routes.length).toBeGreaterThan(40);
    for (const r of routes) {
      const url = concrete(r.url);
      const anonymous = await t.app.inject({
        method: r.method as 'GET',
        url,
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      expectProtected(anonymous, `${r.method} ${url} anonymous: ${anonymous.statusCode}`);
      if (r.method === 'GET') {
        const staff = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.staff}` } });
        expectProtected(staff, `GET ${url} staff: ${staff.statusCode}`);
      }
    }
  });

  it('pages, files, errors and the refusals of the server itself answer with them', async () => {
    const requests: Array<[string, InjectOptions]> = [
      ['app page', { method: 'GET', url: '/ops/retail/stores' }],
      ['sign-in page', { method: 'GET', url: '/login' }],
      ['calculator page', { method: 'GET', url: '/public/salescalculator' }],
      ['an asset', { method: 'GET', url: '/assets/app-abc123.js' }],
      ['the favicon', { method: 'GET', url: '/favicon.svg' }],
      ['an unknown API path', { method: 'GET', url: '/core-api/api/nothing-here' }],
      [
        'malformed JSON',
        {
          method: 'POST',
          url: '/core-api/api/bulkscan/',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.staff}` },
          payload: '{"oops',
        },
      ],
      [
        'a body over the limit',
        {
          method: 'POST',
          url: '/core-api/api/bulkscan/',
          headers: { 'content-type': 'application/json' },
          payload: `[${'1,'.repeat(1_100_000)}1]`,
        },
      ],
      [
        'an unsupported media type',
        { method: 'POST', url: '/core-api/api/bulkscan/', headers: { 'content-type': 'text/xml' }, payload: '<a/>' },
      ],
      ['a bad bearer header', { method: 'GET', url: '/ops-api/table/Jobs', headers: { authorization: 'Basic abc' } }],
      ['over TLS (a proxy in front)', { method: 'GET', url: '/health', headers: { 'x-forwarded-proto': 'https' } }],
    ];
    for (const [what, request] of requests) {
      const res: LightMyRequestResponse = await t.app.inject(request);
      expectProtected(res, `${what}: ${res.statusCode}`);
    }
  });

  it('Cross-Origin-Opener-Policy where the browser applies it: loopback names and addresses, and TLS', async () => {
    const coop = async (host: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ method: 'GET', url: '/login', headers: { host, ...headers } });
      expectProtected(res, `/login at ${host}`);
      return res.headers['cross-origin-opener-policy'] ?? null;
    };
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080', 'app.localhost']) {
      expect(await coop(host), host).toBe('same-origin');
    }
    // Over plain HTTP to a LAN address or a host name, Chromium ignores it and says so on every page: not sent.
    for (const host of ['192.168.1.20:8080', 'openrescue.lan', '10.0.0.5']) expect(await coop(host), host).toBeNull();
    // The server trusts no proxy by default: a forwarded https from a LAN client changes nothing.
    expect(await coop('192.168.1.20:8080', { 'x-forwarded-proto': 'https' })).toBeNull();
  });

  it('the live streams answer with them too', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${port}/ops-api/live/tasks`, {
      headers: { authorization: `Bearer ${tokens.staff}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expectProtected({ headers: Object.fromEntries(res.headers) }, 'live stream');
    controller.abort();
    console.log(
      `headers: ${checked.length} responses checked, ${checked.length} with CSP (no inline scripts, frame-ancestors), nosniff, HSTS`,
    );
  });
});

describe('no secret in the logs', () => {
  it('the logs of a run at trace level hold none of the configured secrets', async () => {
    expect(lines.length).toBeGreaterThan(100);
    const leaks = lines.filter((line) => SECRET_VALUES.some((secret) => line.includes(secret)));
    expect(leaks).toEqual([]);
    console.log(`logs: ${lines.length} lines at trace level, ${leaks.length} with a secret`);
  });
});

describe('lockfile integrity', () => {
  const root = new URL('../../../../', import.meta.url);
  const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
    lockfileVersion: number;
    packages: Record<
      string,
      { version?: string; resolved?: string; integrity?: string; link?: boolean; dev?: boolean }
    >;
  };
  const installed = Object.entries(lock.packages).filter(([path, p]) => path.startsWith('node_modules/') && !p.link);

  it('pins every package to a registry tarball with a sha512 integrity hash', () => {
    expect(lock.lockfileVersion).toBeGreaterThanOrEqual(3);
    // No `resolved` means the configured registry (npm leaves it out); one that is there must be the registry too.
    const fromRegistry = (p: { resolved?: string }) =>
      p.resolved === undefined || p.resolved.startsWith('https://registry.npmjs.org/');
    const unpinned = installed.filter(([, p]) => !fromRegistry(p) || !p.integrity?.startsWith('sha512-'));
    expect(unpinned.map(([path]) => path)).toEqual([]);
  });

  it('has what it pins installed (versions match), and every direct dependency pinned exactly', () => {
    const drift = installed.filter(([path, p]) => {
      try {
        return JSON.parse(readFileSync(new URL(`${path}/package.json`, root), 'utf8')).version !== p.version;
      } catch {
        return !p.dev && !(p as { optional?: boolean }).optional; // an optional package for another platform is absent
      }
    });
    expect(drift.map(([path]) => path)).toEqual([]);
    const manifests = [
      'package.json',
      'apps/server/package.json',
      'apps/web/package.json',
      'packages/shared/package.json',
    ];
    const ranges = manifests.flatMap((file) => {
      const m = JSON.parse(readFileSync(new URL(file, root), 'utf8')) as Record<
        string,
        Record<string, string> | undefined
      >;
      return ['dependencies', 'devDependencies', 'optionalDependencies'].flatMap((kind) =>
        Object.entries(m[kind] ?? {})
          .filter(([name, v]) => !name.startsWith('@openrescue/') && !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(v))
          .map(([name, v]) => `${file}: ${name}@${v}`),
      );
    });
    expect(ranges).toEqual([]);
    console.log(`lockfile: ${installed.length} packages, all from the registry with sha512, installed as pinned`);
  });
});
