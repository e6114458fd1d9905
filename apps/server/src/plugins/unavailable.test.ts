import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, registerErrorHandler } from './error-handler.js';
import { ALWAYS_ANSWERED, BUSY_RETRY_AFTER_SECONDS, registerLoadShedding } from './load-shedding.js';

const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('the database out of reach', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/fails/:kind', async (request) => {
      const { kind } = request.params as { kind: string };
      if (kind === 'shutdown') throw pgError('57P01', 'terminating connection due to administrator command');
      if (kind === 'refused')
        throw Object.assign(new Error('wrapped'), {
          cause: pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
        });
      if (kind === 'terminated') throw new Error('Connection terminated unexpectedly');
      if (kind === 'constraint') throw pgError('23505', 'duplicate key value violates unique constraint');
      throw new Error('a bug');
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  it.each(['shutdown', 'refused', 'terminated'])('answers 503 with Retry-After when the database %s', async (kind) => {
    const res = await app.inject({ method: 'GET', url: `/fails/${kind}` });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.json()).toEqual({
      type: 'service_unavailable',
      message: expect.stringContaining('unavailable'),
      detail: 'database unavailable',
    });
  });

  it('answers a page a browser opens with a page that says so and opens it again after Retry-After', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/fails/shutdown',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
    expect(res.body).toContain(`<meta http-equiv="refresh" content="${DATABASE_RETRY_AFTER_SECONDS}">`);
    expect(res.body).toContain('The service is briefly unavailable. Try again in a few seconds.');
    expect(res.body).not.toMatch(/57P01|administrator command/);
    // A script's request (an API path, or no HTML in Accept) keeps the JSON body.
    const api = await app.inject({ method: 'GET', url: '/fails/shutdown', headers: { accept: 'application/json' } });
    expect(api.json()).toMatchObject({ type: 'service_unavailable', detail: 'database unavailable' });
  });

  it('leaves other errors as they were: a refused query or a bug is a 500 without a Retry-After', async () => {
    for (const kind of ['constraint', 'bug']) {
      const res = await app.inject({ method: 'GET', url: `/fails/${kind}` });
      expect(res.statusCode).toBe(500);
      expect(res.headers['retry-after']).toBeUndefined();
    }
    expect(isDatabaseUnavailable(pgError('22P02'))).toBe(false);
  });
});

describe('load shedding', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    await registerLoadShedding(app, { maxEventLoopDelay: 10 });
    app.get('/work', async () => ({ ok: true }));
    app.get('/health', { config: ALWAYS_ANSWERED }, async () => ({ status: 'ok' }));
    await app.ready();
  });
  afterAll(async () => app.close());

  it('answers 503 with Retry-After while the event loop lags, the health check still 200, and serves again after', async () => {
    expect((await app.inject({ method: 'GET', url: '/work' })).statusCode).toBe(200);
    // Block the event loop for a while, then let the sampler (every second) see the lag.
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      /* busy */
    }
    await new Promise((r) => setTimeout(r, 1100));
    let busy = await app.inject({ method: 'GET', url: '/work' });
    for (let i = 0; i < 20 && busy.statusCode !== 503; i += 1) {
      const spin = Date.now() + 300;
      while (Date.now() < spin) {
        /* busy */
      }
      await new Promise((r) => setTimeout(r, 50));
      busy = await app.inject({ method: 'GET', url: '/work' });
    }
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(busy.json()).toMatchObject({ type: 'service_unavailable', detail: 'server busy' });
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 2500));
    expect((await app.inject({ method: 'GET', url: '/work' })).statusCode).toBe(200);
  });
});

describe('requests in flight', () => {
  let app: FastifyInstance;
  let release: () => void = () => {};
  let gate = new Promise<void>((r) => {
    release = r;
  });
  const base = { url: '' };
  beforeAll(async () => {
    app = Fastify({ logger: false, forceCloseConnections: true });
    registerErrorHandler(app);
    await registerLoadShedding(app, { maxInFlight: 5 });
    app.get('/slow', async () => {
      await gate;
      return { ok: true };
    });
    app.get('/health', { config: ALWAYS_ANSWERED }, async () => ({ status: 'ok' }));
    base.url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => app.close());

  it('past the bound, refuses at once with 503 and Retry-After, lets the health check through, and serves again once answers go out', async () => {
    // Real sockets: the count follows each connection, answered or abandoned.
    const held = Array.from({ length: 5 }, () => fetch(`${base.url}/slow`));
    await new Promise((r) => setTimeout(r, 200));
    const started = Date.now();
    const refused = await fetch(`${base.url}/slow`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_SECONDS));
    expect(await refused.json()).toMatchObject({ type: 'service_unavailable', detail: 'server busy' });
    const page = await fetch(`${base.url}/slow`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(503);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain(`<meta http-equiv="refresh" content="${BUSY_RETRY_AFTER_SECONDS}">`);
    const apiPath = await fetch(`${base.url}/core-api/api/anything`, { headers: { accept: 'text/html' } });
    expect(apiPath.headers.get('content-type')).toMatch(/json/);
    expect((await fetch(`${base.url}/health`)).status).toBe(200);

    release();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    gate = new Promise<void>((r) => {
      release = r;
    });
    // an abandoned request frees its place too
    const abandon = new AbortController();
    const dropped = fetch(`${base.url}/slow`, { signal: abandon.signal }).catch(() => null);
    await new Promise((r) => setTimeout(r, 100));
    abandon.abort();
    await dropped;
    await new Promise((r) => setTimeout(r, 100));
    const again = Array.from({ length: 5 }, () => fetch(`${base.url}/slow`));
    await new Promise((r) => setTimeout(r, 200));
    release();
    expect((await Promise.all(again)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });
});
