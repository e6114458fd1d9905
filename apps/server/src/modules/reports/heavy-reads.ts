import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import {
  BUSY_CLIENT_RETRY_AFTER_SECONDS,
  createKeyedConcurrency,
  type KeyedConcurrency,
  tooManyAtOnce,
} from '../../lib/keyed-concurrency.js';

/**
 * How many costly reads one caller may have in hand at once (issue 32 item 3, decision 0041). A caller is a user
 * (by id) or a read-only public link (by its scope: everyone holding a store's poster link shares its budget).
 * Past it the request is refused at once with 429 and Retry-After, before any work: one client, or eight through one
 * link, cannot fill the database's queue or the render thread for everyone else.
 * - documents: a spreadsheet or PDF built on the render thread (the heaviest);
 * - reports: report JSON over many rows (monthly reports, posters' figures, raw donation rows, donation totals).
 *   A signed-in user's client dashboard asks for up to five totals at once, so a user's budget is wider; a public
 *   report page asks for one report at a time.
 */
export const HEAVY_READ_LIMITS = {
  user: { documents: 2, reports: 8 },
  link: { documents: 1, reports: 2 },
} as const;
export type HeavyReadKind = keyof (typeof HEAVY_READ_LIMITS)['user'];
type CallerKind = keyof typeof HEAVY_READ_LIMITS;

type Limiters = Record<CallerKind, Record<HeavyReadKind, KeyedConcurrency>>;
const perApp = new WeakMap<AppContext, Limiters>();

function limitersOf(ctx: AppContext): Limiters {
  let limiters = perApp.get(ctx);
  if (!limiters) {
    const of = (kind: CallerKind) => ({
      documents: createKeyedConcurrency(HEAVY_READ_LIMITS[kind].documents),
      reports: createKeyedConcurrency(HEAVY_READ_LIMITS[kind].reports),
    });
    limiters = { user: of('user'), link: of('link') };
    perApp.set(ctx, limiters);
  }
  return limiters;
}

/** Whose budget a request spends: the user, or the read-only link's scope. */
export function callerOf(request: FastifyRequest): { kind: CallerKind; key: string } | null {
  const p = request.principal;
  if (!p) return null;
  return p.kind === 'user' ? { kind: 'user', key: p.userId } : { kind: 'link', key: p.scope };
}

/**
 * Runs `work` in one of the caller's slots of `kind`, or refuses with 429. The slot is held until the work is done,
 * not until the client leaves: a client that hangs up and asks again does not get more work running.
 */
export function createHeavyReads(ctx: AppContext) {
  const limiters = limitersOf(ctx);
  return async function heavyRead<T>(
    kind: HeavyReadKind,
    request: FastifyRequest,
    reply: FastifyReply,
    work: () => Promise<T>,
  ): Promise<T> {
    const caller = callerOf(request);
    if (!caller) return work();
    const release = limiters[caller.kind][kind].tryAcquire(caller.key);
    if (!release) {
      reply.header('retry-after', String(BUSY_CLIENT_RETRY_AFTER_SECONDS));
      throw tooManyAtOnce(kind === 'documents' ? 'downloads' : 'report requests');
    }
    try {
      return await work();
    } finally {
      release();
    }
  };
}

export type HeavyReads = ReturnType<typeof createHeavyReads>;
