import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler.js';
import { nulPath, refuseNulText } from './nul-text.js';

describe('text with NUL characters', () => {
  let app: FastifyInstance;
  let ran = 0;
  beforeAll(async () => {
    app = Fastify({ logger: false });
    registerErrorHandler(app);
    refuseNulText(app);
    app.post('/echo/:id', async () => {
      ran += 1;
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => app.close());

  it.each([
    ['a query value', '/echo/1?search=a%00b', {}, 'querystring.search'],
    ['a path parameter', '/echo/1%00', {}, 'params.id'],
    ['a nested key', '/echo/1', { items: [{ 'na\u0000me': 'x' }] }, 'body.items.0'],
  ])('refuses %s with a 400 naming where, before the handler', async (_what, url, payload, where) => {
    const res = await app.inject({ method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'validation_error', detail: where });
    expect(ran).toBe(0);
  });

  it('walks deep bodies without recursion and lets text without NUL through', async () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(nulPath(deep, 'body')).toMatch(/^body\.0\.0/);
    expect(nulPath({ a: ['b', { c: 'd' }], bytes: Buffer.from([0, 0]) }, 'body')).toBeNull();
    expect(
      (await app.inject({ method: 'POST', url: '/echo/1?search=ok', payload: { name: 'é\u202E' } })).statusCode,
    ).toBe(200);
  });
});
