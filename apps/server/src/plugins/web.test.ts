import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '@openrescue/shared';
import { registerWeb } from './web.js';

const CONFIG: AppConfig = {
  product_name: 'Rescue </script><script>alert(1)</script>', support_email: 'help@example.org', staff_email_domain: '',
  oidc: { enabled: false, label: '' }, community_url: '', booking_url: '', flw_url: '',
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
