import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAccounts } from '../demo-accounts.js';
import { redactUrl } from '../lib/log-redaction.js';
import { buildTestApp, signIn, type TestApp } from '../test-support/test-app.js';

let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (chunk) => lines.push(...String(chunk).split('\n').filter(Boolean)));
  t = await buildTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  await ensureDemoAccounts(t.ctx.auth);
});
afterAll(async () => t?.close());

describe('structured logs', () => {
  it('are JSON lines that never contain passwords, tokens or cookies', async () => {
    const s = await signIn(t.app, 'staff@openrescue.test', 'demo-staff');
    await t.app.inject({ method: 'GET', url: '/ops-api/table/Jobs', headers: { authorization: `Bearer ${s.token}` } });
    await t.app.inject({ method: 'GET', url: '/core-api/api/config?tk=secret-link-token' });
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const all = lines.join('\n');
    expect(all).not.toContain('demo-staff');
    expect(all).not.toContain(s.token);
    expect(all).not.toContain(s.cookie.split('=')[1]);
    expect(all).not.toContain('secret-link-token');
    expect(all).toContain('/ops-api/table/Jobs');
  });

  it('redacts credential query parameters and keeps the rest', () => {
    expect(redactUrl('/public/store/3/reports?tk=abc&month=2026-01')).toBe(
      '/public/store/3/reports?tk=%5Bredacted%5D&month=2026-01',
    );
    expect(redactUrl('/health')).toBe('/health');
  });
});

describe('OpenAPI', () => {
  it('describes the API at /docs/json (open in development)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/core-api/api/clients/company_user', '/ops-api/table/Jobs']),
    );
  });

  it('needs a staff session in production', async () => {
    const prod = await buildTestApp({ NODE_ENV: 'production' });
    try {
      await ensureDemoAccounts(prod.ctx.auth);
      expect((await prod.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(401);
      const company = await signIn(prod.app, 'company@openrescue.test', 'demo-company');
      expect(
        (
          await prod.app.inject({
            method: 'GET',
            url: '/docs/json',
            headers: { authorization: `Bearer ${company.token}` },
          })
        ).statusCode,
      ).toBe(403);
      const staff = await signIn(prod.app, 'staff@openrescue.test', 'demo-staff');
      expect(
        (
          await prod.app.inject({
            method: 'GET',
            url: '/docs/json',
            headers: { authorization: `Bearer ${staff.token}` },
          })
        ).statusCode,
      ).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
