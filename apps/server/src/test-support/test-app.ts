import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp, startBackgroundWork } from '../app.js';
import { loadEnv } from '../config/env.js';
import type { Database } from '../db/connection.js';
import { prepareDemo } from '../demo-setup.js';
import { openDemoDatabase } from './demo-template.js';
import { openTestDatabase } from './test-database.js';

/** The address the test app calls itself by: what its pages' requests carry as Origin. */
export const TEST_ORIGIN = 'http://localhost:8080';

export interface TestApp extends BuiltApp {
  database: Database;
  /** This app's own data folder (published files), removed on close. */
  dataDir: string;
  close(): Promise<void>;
}

/** An app on a fresh database; `demo`: with the demo network of that many donations and the demo accounts. */
export async function buildTestApp(
  envOverrides: Record<string, string> = {},
  options: { logStream?: NodeJS.WritableStream; demo?: number } = {},
): Promise<TestApp> {
  const demo = options.demo;
  const database = (demo !== undefined && (await openDemoDatabase(demo))) || (await openTestDatabase());
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...envOverrides });
  const logging = options.logStream ? { logStream: options.logStream } : { logger: false as const };
  const dataDir = mkdtempSync(join(tmpdir(), 'openrescue-test-'));
  const built = await buildApp({ env, database, origin: TEST_ORIGIN, dataDir, ...logging });
  await built.app.ready();
  await startBackgroundWork(built.ctx, { startUpTasks: false });
  // On a copy of the seeded demo this only finds the network and the accounts there.
  if (demo !== undefined) await prepareDemo(built.ctx, demo, () => {});
  return {
    ...built,
    database,
    dataDir,
    async close() {
      try {
        await built.app.close();
        await database.close();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * Signs in through the real auth routes; returns the session cookie and a fresh access token. The token request
 * rotates the session (decision 0023): the cookie returned is the one it set, as a browser would keep.
 */
export async function signIn(app: BuiltApp['app'], email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/core-api/api/auth/sign-in/email',
    payload: { email, password, rememberMe: false },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed ${res.statusCode}: ${res.body}`);
  const tokenRes = await app.inject({
    method: 'POST',
    url: '/core-api/api/session/token',
    headers: { cookie: cookieHeader(res), origin: TEST_ORIGIN },
  });
  if (tokenRes.statusCode !== 200) throw new Error(`token failed ${tokenRes.statusCode}: ${tokenRes.body}`);
  const body = tokenRes.json() as { token: string; expires_at: string; user: { staff: boolean; id: string } };
  return { cookie: cookieHeader(tokenRes), ...body };
}

export function cookieHeader(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export type DemoRole = 'staff' | 'company' | 'store' | 'pending';

/** Access tokens of the demo accounts (prepareDemo must have run), keyed by role. */
export async function signInDemoAccounts(app: BuiltApp['app']): Promise<Record<DemoRole, string>> {
  const account = (role: DemoRole) => signIn(app, `${role}@openrescue.test`, `demo-${role}`).then((s) => s.token);
  return {
    staff: await account('staff'),
    company: await account('company'),
    store: await account('store'),
    pending: await account('pending'),
  };
}
