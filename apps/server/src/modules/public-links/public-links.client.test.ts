import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The web app's own API client, run in Node against the real server over HTTP (as token-refresh.test.ts does).
import { createApiClient, readonlyBearer } from '../../../../web/src/lib/api-client';
import { buildTestApp, signIn, type TestApp } from '../../test-support/test-app.js';
import { publicReportLink, rotateLink } from './public-links.service.js';

let t: TestApp;
let base: string;
let staffToken: string;
const MONTH = '2025-01-01';

beforeAll(async () => {
  t = await buildTestApp({}, { demo: 500 });
  staffToken = (await signIn(t.app, 'staff@openrescue.test', 'demo-staff')).token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

/** A browser tab where staff are signed in, counting refreshes and sign-outs. */
function signedInClient() {
  const calls = { refreshes: 0, signedOut: 0 };
  const client = createApiClient({
    fetch,
    getAccessToken: () => staffToken,
    getExpiresAt: () => null,
    refreshToken: async () => {
      calls.refreshes += 1;
      return staffToken;
    },
    onSignedOut: () => {
      calls.signedOut += 1;
    },
  });
  return { client, calls };
}

const tkOf = (url: string) => new URL(url).searchParams.get('tk')!;
const report = (kind: 'store' | 'receiver', id: number) => `${base}/core-api/api/reports/monthly/${kind}/${id}`;

describe("the web client's read-only bearer", () => {
  it('builds ro.{r|s}_{id}.{tk}', () => {
    expect(readonlyBearer('store', 12, 'a.b.c')).toBe('ro.s_12.a.b.c');
    expect(readonlyBearer('receiver', '7', 'a.b.c')).toBe('ro.r_7.a.b.c');
  });

  it("is sent instead of the session's token, also for downloads", async () => {
    const { client } = signedInClient();
    const bearer = readonlyBearer('store', 1, tkOf(await publicReportLink(t.ctx, 'store', 1)));
    const own = await client.get<{ heading: { id: number } }>(report('store', 1), { query: { month: MONTH }, bearer });
    expect(own.heading.id).toBe(1);
    const xlsx = await client.get<Blob>(`${report('store', 1)}.xlsx`, {
      query: { month: MONTH },
      responseType: 'blob',
      bearer,
    });
    expect(xlsx.size).toBeGreaterThan(1000);
    // Staff could read store 2; the link cannot, so the staff token was not what went out.
    await expect(client.get(report('store', 2), { query: { month: MONTH }, bearer })).rejects.toMatchObject({
      status: 404,
    });
    // Without the option the same client is still the signed-in staff member.
    const asStaff = await client.get<{ heading: { id: number } }>(report('store', 2), { query: { month: MONTH } });
    expect(asStaff.heading.id).toBe(2);
  });

  it('a refused link (tampered, rotated) is a 401 that neither refreshes nor signs anybody out', async () => {
    const { client, calls } = signedInClient();
    const tk = tkOf(await publicReportLink(t.ctx, 'receiver', 9));
    await rotateLink(t.ctx, 'receiver', 9, async () => {}); // a fixture's rotation: no audit entry
    for (const bearer of [readonlyBearer('receiver', 9, tk), readonlyBearer('receiver', 9, `${tk.slice(0, -3)}abc`)]) {
      await expect(client.get(report('receiver', 9), { query: { month: MONTH }, bearer })).rejects.toMatchObject({
        status: 401,
        detail: 'invalid token',
      });
    }
    expect(calls).toEqual({ refreshes: 0, signedOut: 0 });
    const fresh = readonlyBearer('receiver', 9, tkOf(await publicReportLink(t.ctx, 'receiver', 9)));
    const ok = await client.get<{ heading: { id: number } }>(report('receiver', 9), {
      query: { month: MONTH },
      bearer: fresh,
    });
    expect(ok.heading.id).toBe(9);
  });
});
