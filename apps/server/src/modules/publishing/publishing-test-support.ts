import type { LightMyRequestResponse } from 'fastify';
import { prepareDemo } from '../../demo-setup.js';
import { buildTestApp, signInDemoAccounts, type DemoRole, type TestApp } from '../../test-support/test-app.js';

/** Shared set-up of the publishing API tests: a small demo network and the demo accounts' tokens. */
export interface PublishingFixture {
  t: TestApp;
  tokens: Record<DemoRole, string>;
  post(who: DemoRole | null, url: string, payload: unknown): Promise<LightMyRequestResponse>;
  get(who: DemoRole | null, url: string): Promise<LightMyRequestResponse>;
  find(table: string, selector?: string, extra?: Record<string, unknown>): Promise<{ status: number; body: any }>;
  publish(ids: number[], taskName: string, parallel?: number): Promise<{ status: number; body: any }>;
  /** Resolves when the job runner has nothing left to do. */
  settled(): Promise<void>;
}

export async function setUpPublishing(donations = 2000, env: Record<string, string> = {}): Promise<PublishingFixture> {
  const t = await buildTestApp(env);
  await prepareDemo(t.ctx, donations, () => {});
  const tokens = await signInDemoAccounts(t.app);
  const headers = (who: DemoRole | null) => (who ? { authorization: `Bearer ${tokens[who]}` } : {});
  const post = (who: DemoRole | null, url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: headers(who), payload: payload as object });
  const get = (who: DemoRole | null, url: string) => t.app.inject({ method: 'GET', url, headers: headers(who) });
  return {
    t,
    tokens,
    post,
    get,
    async find(table, selector, extra = {}) {
      const Properties = { Locale: 'en-US', Timezone: 'Pacific Standard Time', ...(selector === undefined ? {} : { Selector: selector }) };
      const res = await post('staff', `/ops-api/appsheet/table/${table}/action`, { Action: 'Find', Properties, Rows: [], ...extra });
      return { status: res.statusCode, body: res.json() };
    },
    async publish(ids, taskName, parallel) {
      const res = await post('staff', '/ops-api/appsheet/table/PublishFile/batchAction', {
        Action: 'AdvanceSingleFileChangeTime',
        Properties: { Locale: 'en-US', Timezone: 'Pacific Standard Time', TaskName: taskName, ...(parallel ? { ParallelRequests: parallel } : {}) },
        Rows: ids.map((id) => ({ id })),
      });
      return { status: res.statusCode, body: res.json() };
    },
    settled: () => t.ctx.jobRunner.idle(),
  };
}
