import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppConfig, type DashboardFirstView, FIRST_VIEW_MARKS, FIRST_VIEW_VARIANTS } from '@openrescue/shared';
import { registerWeb } from './web.js';

const CONFIG: AppConfig = {
  product_name: 'Rescue </script><script>alert(1)</script>',
  support_email: 'help@example.org',
  staff_email_domain: '',
  oidc: { enabled: false, label: '' },
  community_url: '',
  booking_url: '',
  flw_url: '',
  time_zone: 'America/Vancouver',
};
const page = (body: string) => `<html><head><title>t</title></head><body>${body}</body></html>`;
const sent = (html: string) => html.replace(/<script type="application\/json" id="app-config">.*?<\/script>/, '');

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), page('<p>app</p>'));
  writeFileSync(join(dist, 'calculator.html'), page('<p>calculator</p>'));
  writeFileSync(join(dist, 'login.html'), page('<p>login</p>'));
  app = Fastify({ logger: false });
  await registerWeb(app, dist, CONFIG);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web pages', () => {
  it('sends the standalone calculator page for its path, with or without a query or trailing slash', async () => {
    for (const url of ['/public/salescalculator', '/public/salescalculator?demo=true', '/public/salescalculator/']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(sent(res.body), url).toBe(page('<p>calculator</p>'));
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the standalone sign-in page for /login, also when coming back from the identity provider', async () => {
    for (const url of ['/login', '/login?social=1', '/login?demo=true']) {
      expect(sent((await app.inject({ method: 'GET', url })).body), url).toBe(page('<p>login</p>'));
    }
  });

  it('sends the app for every other client route, and a JSON 404 for unknown API paths', async () => {
    for (const url of ['/', '/loginx', '/public/network/all/demo', '/public/salescalculatorx', '/ops/dashboard']) {
      expect(sent((await app.inject({ method: 'GET', url })).body), url).toBe(page('<p>app</p>'));
    }
    const api = await app.inject({ method: 'GET', url: '/core-api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ type: expect.any(String), message: 'Not found' });
  });

  it('sends pages compressed to browsers that take it: brotli first, then gzip, else as they are', async () => {
    const get = (encoding?: string) =>
      app.inject({ method: 'GET', url: '/login', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(sent(brotliDecompressSync(br.rawPayload).toString())).toBe(page('<p>login</p>'));
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(sent(gunzipSync(gzip.rawPayload).toString())).toBe(page('<p>login</p>'));
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(sent(plain.body)).toBe(page('<p>login</p>'));
  });

  it('inlines the public settings into each page as a JSON data block that no text can break out of', async () => {
    for (const url of ['/', '/login', '/public/salescalculator']) {
      const body = (await app.inject({ method: 'GET', url })).body;
      const block = /<script type="application\/json" id="app-config">(.*?)<\/script><\/head>/.exec(body);
      expect(block, url).not.toBeNull();
      expect(JSON.parse(block![1])).toEqual(CONFIG);
      expect(body.match(/<\/script>/g), url).toHaveLength(1);
    }
  });
});

/**
 * A web build whose pages have an empty #root, and `source` standing in for its renderer
 * (apps/web/src/ssr/prerender.tsx); the real one runs in the browser tests.
 */
function distWithRenderer(source: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'web-dist-'));
  for (const file of ['index.html', 'calculator.html', 'login.html'])
    writeFileSync(join(dir, file), page('<div id="root"></div>'));
  mkdirSync(join(dir, '.ssr'));
  writeFileSync(join(dir, '.ssr', 'prerender.js'), source);
  return dir;
}

describe('pre-rendered standalone pages', () => {
  let prerenderDist: string;
  let server: FastifyInstance;
  const root = (body: string) => page(`<div id="root">${body}</div>`);
  beforeAll(async () => {
    prerenderDist = distWithRenderer(
      'export const prerender = (page, config) => `<main>${page} for ${config.support_email}</main>`;\n' +
        "export const prerenderShells = () => [{ path: '/ops/retail/stores', markup: '<main>stores frame</main>' }];",
    );
    server = Fastify({ logger: false });
    await registerWeb(server, prerenderDist, CONFIG);
    await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    rmSync(prerenderDist, { recursive: true, force: true });
  });
  const body = async (url: string) => sent((await server.inject({ method: 'GET', url })).body);

  it('fills each page with its markup once the server listens, with the settings: the app gets its loading screen', async () => {
    await expect.poll(() => body('/login')).toBe(root('<main>login for help@example.org</main>'));
    expect(await body('/public/salescalculator/')).toBe(root('<main>calculator for help@example.org</main>'));
    for (const url of ['/', '/ops', '/ops/retail/storesx', '/ops/retail/receivers', '/public/network/all/demo']) {
      expect(await body(url), url).toBe(root('<main>app for help@example.org</main>'));
    }
  });

  it('sends a console screen, and a row of it, with its frame', async () => {
    await expect.poll(() => body('/ops/retail/stores')).toBe(root('<main>stores frame</main>'));
    for (const url of ['/ops/retail/stores/', '/ops/retail/stores/12', '/ops/retail/stores?search=fresh']) {
      expect(await body(url), url).toBe(root('<main>stores frame</main>'));
    }
    expect(await body('/ops/retail/stores?demo=true')).toBe(root(''));
  });

  it('sends them empty to visits that render differently: demo mode, back from the identity provider', async () => {
    await expect.poll(() => body('/login')).not.toBe(root(''));
    for (const url of ['/login?social=1', '/login?demo=true', '/public/salescalculator?demo=false', '/?demo=true']) {
      expect(await body(url), url).toBe(root(''));
    }
  });
});

describe("the client dashboard's first view for a signed-in visit of / (decision 0032)", () => {
  let distDir: string;
  let server: FastifyInstance;
  const root = (body: string) => page(`<div id="root">${body}</div>`);
  const M = FIRST_VIEW_MARKS;
  // Stands in for prerenderClientShells (apps/web/src/ssr/prerender.tsx): each template names its variant.
  const template = (variant: string) =>
    `<h2 data-variant="${variant}">${M.title}</h2><p>${M.range}</p><a href="/reports/store/${M.storeId}" aria-label="for ${M.email}">` +
    `${M.initials}</a><img src="${M.photoURL}">`;
  const VIEW: DashboardFirstView = {
    title: 'Fresh & Co <script>alert(1)</script>',
    range: 'Oct 1, 2026 – Oct 31, 2026',
    storeId: null,
    flw: true,
    email: 'casey@example.org',
    initials: 'CC',
    photoURL: null,
  };
  const seen: string[] = [];
  let view: DashboardFirstView | null | Error = VIEW;
  beforeAll(async () => {
    distDir = distWithRenderer(
      'export const prerender = (page) => `<main>${page}</main>`;\n' +
        `const template = ${template.toString()};\nconst M = ${JSON.stringify(M)};\n` +
        `export const prerenderClientShells = () => ${JSON.stringify(FIRST_VIEW_VARIANTS)}.map((variant) => ({ variant, markup: template(variant) }));`,
    );
    server = Fastify({ logger: false });
    await registerWeb(server, distDir, CONFIG, async (cookie) => {
      seen.push(cookie);
      if (view instanceof Error) throw view;
      return view;
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    rmSync(distDir, { recursive: true, force: true });
  });
  const get = (url: string, cookie?: string) =>
    server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it("fills the template of the view's variant with its values, escaped, and sends it to no cache but the user's", async () => {
    await expect.poll(async () => sent((await get('/', 'session=1')).body)).toContain('data-variant="flw-initials"');
    const res = await get('/', 'session=1');
    expect(sent(res.body)).toBe(
      root(
        '<h2 data-variant="flw-initials">Fresh &amp; Co &lt;script&gt;alert(1)&lt;/script&gt;</h2><p>Oct 1, 2026 – Oct 31, 2026</p>' +
          '<a href="/reports/store/" aria-label="for casey@example.org">CC</a><img src="">',
      ),
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toBe('cookie, accept-encoding');
    expect(seen.at(-1)).toBe('session=1');
    const br = await server.inject({
      method: 'GET',
      url: '/',
      headers: { cookie: 'session=1', 'accept-encoding': 'br' },
    });
    expect(sent(brotliDecompressSync(br.rawPayload).toString())).toBe(sent(res.body));
  });

  it('picks the variant by the links and the picture, and a value with marks in it is not filled again', async () => {
    view = {
      ...VIEW,
      title: `Store ${M.email}`,
      storeId: 12,
      flw: false,
      photoURL: 'https://example.org/p.png?a=1&b="2"',
    };
    expect(sent((await get('/', 'session=1')).body)).toBe(
      root(
        `<h2 data-variant="store-photo">Store ${M.email}</h2><p>Oct 1, 2026 – Oct 31, 2026</p>` +
          '<a href="/reports/store/12" aria-label="for casey@example.org">CC</a><img src="https://example.org/p.png?a=1&amp;b=&quot;2&quot;">',
      ),
    );
    view = VIEW;
  });

  it('sends the page as usual without a cookie, with a query, elsewhere, to anyone without a view, or when the view fails', async () => {
    const usual = root('<main>app</main>');
    seen.length = 0;
    for (const url of ['/?store=store-4', '/?demo=true', '/ops', '/reports/store/12']) {
      const res = await get(url, 'session=1');
      expect(sent(res.body), url).toBe(url === '/?demo=true' ? root('') : usual);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect(sent((await get('/')).body)).toBe(usual);
    expect(seen).toEqual([]);
    view = null;
    expect(sent((await get('/', 'session=1')).body)).toBe(usual);
    view = new Error('database gone');
    const failed = await get('/', 'session=1');
    expect(failed.statusCode).toBe(200);
    expect(sent(failed.body)).toBe(usual);
    view = VIEW;
  });
});
