import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

/** Seconds a client is asked to wait when the server sheds load. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * Past its capacity the server answers 503 with Retry-After at once instead of queueing requests until every one of
 * them times out (@fastify/under-pressure): when the event loop lags by more than a second (mean over a second). Not
 * on event-loop utilisation: a server at full use but keeping up (or busy with its start-up work) must still serve.
 * The error handler gives the 503 our error body. `/health` opts out (its route config), so a load balancer can
 * tell busy from down.
 */
export async function registerLoadShedding(app: FastifyInstance, options: { maxEventLoopDelay?: number } = {}) {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelay ?? 1000,
    retryAfter: BUSY_RETRY_AFTER_SECONDS,
  });
}

/** Route config that lets a route through under pressure (the health check). */
export const ALWAYS_ANSWERED = { pressureHandler: () => undefined };
