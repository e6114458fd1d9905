import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAccount } from '../auth/accounts.js';
import { DEMO_ACCOUNTS } from '../demo-accounts.js';
import { XLSX_CONTENT_TYPE } from '../documents/content-types.js';
import type { paths } from '../test-support/openapi/api.generated.js';
import { describeProblem, generateClientTypes, redoclyLint } from '../test-support/openapi/openapi-tools.js';
import { buildTestApp, cookieHeader, TEST_ORIGIN, type TestApp } from '../test-support/test-app.js';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, unknown> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> } & Record<string, unknown>;

const staff = DEMO_ACCOUNTS[0];
let t: TestApp;
let document: Document;
let base: string;
const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

beforeAll(async () => {
  t = await buildTestApp();
  await ensureAccount(t.ctx.auth, staff);
  document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t?.close());

describe('the OpenAPI document (/docs/json)', () => {
  it("passes Redocly's recommended rules without an error or a warning", async () => {
    const { problems } = await redoclyLint(document);
    expect(problems.map(describeProblem)).toEqual([]);
  });

  it('names every operation uniquely and gives each a success with its media types', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    const FILES: Record<string, string> = { xlsx: XLSX_CONTENT_TYPE, pdf: 'application/pdf', zip: 'application/zip' };
    for (const { path, method, operation } of operations()) {
      const answers = Object.entries(operation.responses).filter(([code]) => /^[23]/.test(code));
      expect(answers.length, `${method} ${path} answers no 2xx or 3xx`).toBeGreaterThan(0);
      for (const [code, answer] of answers) {
        if (code.startsWith('2')) expect(answer.content, `${method} ${path} ${code}`).toBeDefined();
      }
      const extension = /\.(\w+)$/.exec(path)?.[1];
      if (extension && FILES[extension]) {
        expect(Object.keys(operation.responses['200'].content ?? {}), path).toEqual([FILES[extension]]);
      }
    }
  });

  it('asks each route for the credentials it takes: none for public ones, the cookie for the token', () => {
    const security = (path: string, method = 'get') => document.paths[path][method].security;
    expect(security('/health')).toEqual([]);
    expect(security('/core-api/api/public/network/region')).toEqual([]);
    expect(security('/core-api/api/session/token', 'post')).toEqual([{ sessionCookie: [] }]);
    expect(security('/ops-api/table/Jobs')).toEqual([{ bearer: [] }, { sessionCookie: [] }]);
    expect(security('/core-api/api/product/calls/transcripts', 'post')).toEqual([{ integrationKey: [] }]);
    expect(document.security).toBeUndefined();
    expect(document.servers).toEqual([{ url: '/' }]);
  });

  it('has a current client generated from it by openapi-typescript', async () => {
    await expect(await generateClientTypes(document)).toMatchFileSnapshot('../test-support/openapi/api.generated.ts');
  });
});

describe('the generated client', () => {
  it('signs in, reads and downloads over HTTP with the types of the document', async () => {
    const api = createClient<paths>({ baseUrl: base });
    const health = await api.GET('/health');
    const status: 'ok' | undefined = health.data?.status;
    expect(status).toBe('ok');

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/core-api/api/auth/sign-in/email',
      payload: { email: staff.email, password: staff.password, rememberMe: false },
    });
    const token = await api.POST('/core-api/api/session/token', {
      headers: { cookie: cookieHeader(signIn), origin: TEST_ORIGIN },
    });
    expect(token.response.status).toBe(200);
    const isStaff: boolean | undefined = token.data?.user.staff;
    expect(isStaff).toBe(true);
    const authorization = `Bearer ${token.data!.token}`;

    const jobs = await api.GET('/ops-api/table/Jobs', { headers: { authorization } });
    expect(jobs.data?.data).toEqual([]);

    const missing = await api.GET('/core-api/api/reports/stores/{id}', {
      params: { path: { id: 999_999_999 } },
      headers: { authorization },
    });
    expect(missing.response.status).toBe(404);
    const type: string | undefined = missing.error?.type;
    expect(type).toBeTruthy();

    const zip = await api.GET('/ops-api/files/generated.zip', {
      headers: { authorization },
      parseAs: 'arrayBuffer',
    });
    expect(zip.response.headers.get('content-type')).toBe('application/zip');
    expect(Buffer.from(zip.data!).subarray(0, 4)).toEqual(Buffer.from('PK\u0005\u0006'));

    // @ts-expect-error the document has no such path: the client's types come from it
    expect((await api.GET('/no/such/path')).response.status).toBe(404);
  });
});
