import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWeb } from './web.js';

let dist: string;
let app: FastifyInstance;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<p>app</p>');
  writeFileSync(join(dist, 'calculator.html'), '<p>calculator</p>');
  writeFileSync(join(dist, 'login.html'), '<p>login</p>');
  app = Fastify({ logger: false });
  await registerWeb(app, dist);
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
      expect(res.body, url).toBe('<p>calculator</p>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the standalone sign-in page for /login, also when coming back from the identity provider', async () => {
    for (const url of ['/login', '/login?social=1', '/login?demo=true']) {
      expect((await app.inject({ method: 'GET', url })).body, url).toBe('<p>login</p>');
    }
  });

  it('sends the app for every other client route, and a JSON 404 for unknown API paths', async () => {
    for (const url of ['/', '/loginx', '/public/network/all/demo', '/public/salescalculatorx', '/ops/dashboard']) {
      expect((await app.inject({ method: 'GET', url })).body, url).toBe('<p>app</p>');
    }
    const api = await app.inject({ method: 'GET', url: '/core-api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ type: expect.any(String), message: 'Not found' });
  });
});
