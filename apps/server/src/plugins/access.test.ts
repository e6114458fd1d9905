import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ACCESS_LEVELS, accessPlugin } from './access.js';
import { registerErrorHandler } from './error-handler.js';
import { buildTestApp, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('route access declarations', () => {
  it('every route declares who may call it', () => {
    expect(t.routes.length).toBeGreaterThan(5);
    const missing = t.routes
      .filter((r) => r.method !== 'HEAD' || r.options.config?.access === undefined)
      .filter((r) => !ACCESS_LEVELS.includes(r.options.config?.access as never))
      .map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('staff routes answer 401 to anonymous callers and never run their handler', async () => {
    const staffRoutes = t.routes.filter((r) => r.options.config?.access === 'staff' && r.method === 'GET');
    expect(staffRoutes.length).toBeGreaterThan(0);
    for (const r of staffRoutes) {
      const res = await t.app.inject({ method: 'GET', url: r.url.replace(/:[a-z_]+/gi, '1') });
      expect(res.statusCode, `${r.url}`).toBe(401);
      expect(Object.keys(res.json()).sort()).toEqual(['detail', 'message', 'type']);
    }
  });

  it('refuses to serve a route registered without a declaration', async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandler(bare);
    await bare.register(accessPlugin, {
      auth: t.ctx.auth,
      verifyToken: t.ctx.verifyToken,
      verifyReadonly: async () => null,
      production: false,
      routes: [],
    });
    let ran = false;
    bare.get('/careless', async () => {
      ran = true;
      return { ok: true };
    });
    const res = await bare.inject({ method: 'GET', url: '/careless' });
    expect(res.statusCode).toBe(403);
    expect(ran).toBe(false);
    await bare.close();
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/core-api/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().type).toBe('not_found');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
