import { z } from 'zod';
import { isTimeZone, REPORT_TIME_ZONE, setNetworkTimeZone } from '@openrescue/shared';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Fastify's trustProxy: all, none, the proxies' addresses, or the first n hops (proxy-addr's trust function). */
export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

function trustProxySetting(value: string | undefined): TrustProxy {
  const v = value?.trim() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  return v;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /** Where generated files and recordings are kept: 'database' (shared by every server process; the default on
   * PostgreSQL) or 'folder' (DATA_DIR/files; the default on the embedded database). */
  FILE_STORE: z.enum(['database', 'folder']).optional(),
  /** PGlite's shared_buffers (its page cache, kept for the process's life); read by db/pglite-worker.mjs, default 32MB. */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9]\d*(kB|MB|GB)$/, 'a size such as 32MB')
    .optional(),
  DEMO_DONATIONS: z.coerce.number().int().min(0).default(120000),
  SEED_DEMO: bool.default(true as never),
  PRODUCT_NAME: z.string().default('OpenRescue'),
  /** The IANA zone every date and time is shown in (decision 0064); report days stay America/Vancouver (spec 9). */
  NETWORK_TIME_ZONE: z
    .string()
    .default(REPORT_TIME_ZONE)
    .refine(isTimeZone, 'an IANA time zone such as America/Vancouver'),
  SUPPORT_EMAIL: z.string().default('support@openrescue.test'),
  STAFF_EMAIL_DOMAIN: z.string().default('openrescue.test'),
  AUTH_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86400).default(900),
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Requests one server process works on at once; past it, 503 with Retry-After (plugins/load-shedding.ts). */
  MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).default(256),
  /** Requests one client address may have open at once, bodies still arriving included; past it, 429 (load-shedding.ts). */
  MAX_IN_FLIGHT_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(64),
  /** Seconds a replaced session cookie still leads to its chain's new session: two tabs refreshing at once (decision 0023). */
  SESSION_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /**
   * Which X-Forwarded-* headers to believe (Fastify's trustProxy): off by default, since without a proxy in front
   * anyone can write them. `true` (every hop), a hop count, or the proxies' addresses / CIDRs, comma-separated.
   */
  TRUST_PROXY: z.string().optional().transform(trustProxySetting),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_LABEL: z.string().default('SSO'),
  COMMUNITY_URL: z.string().url().default('https://community.openrescue.test'),
  BOOKING_URL: z.string().url().default('https://booking.openrescue.test'),
  FLW_URL: z.string().url().default('https://analytics.openrescue.test/flw'),
  SMTP_URL: z.string().optional(),
  /** How long a mail claimed by a worker stays invisible to others; a worker that died frees its mail after it. */
  MAIL_CLAIM_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
  SENTRY_DSN: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  /** Publishing (DESIGN section 6): the most files one job takes, and the largest parallel count ('max' per call). */
  MAX_PUBLISH_FILES: z.coerce.number().int().min(1).max(100_000).default(500),
  MAX_PUBLISH_CHUNK: z.coerce.number().int().min(1).max(1000).default(50),
  /** Threads that render published documents; 0 renders on the main thread. Default: one per core, at most 4. */
  RENDER_WORKERS: z.coerce.number().int().min(0).max(32).optional(),
  /**
   * The company report's first render thread starts with the server, prepared, and stays (decision 0077): a first
   * report answers as fast as a later one, for ~130 MB of memory. false: it starts on the first report.
   */
  RENDER_THREAD_PREPARED: bool.default(true as never),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // Text the server writes (the Logs screen's entries) reads times in the same zone as the web app shows them.
  setNetworkTimeZone(parsed.data.NETWORK_TIME_ZONE);
  return parsed.data;
}

export function oidcEnabled(env: Env): boolean {
  return Boolean(env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET);
}
