import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';

/** Seconds a client is asked to wait when the server sheds load. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** Requests one process works on at once before it refuses more (MAX_IN_FLIGHT). */
export const DEFAULT_MAX_IN_FLIGHT = 256; // the MAX_IN_FLIGHT default (config/env.ts)

export interface LoadSheddingOptions {
  maxEventLoopDelay?: number;
  maxInFlight?: number;
}

/**
 * Past its capacity the server answers 503 with Retry-After at once instead of queueing requests until every one of
 * them times out. Two signals:
 * - requests in flight (answered or not yet): most of a request's wait is for the database (a worker thread or
 *   PostgreSQL), which the event loop never feels, so an open flood would queue without bound. Past `maxInFlight`
 *   a request is refused before any work; at the dashboard's ~800 answers/s on 2 cores, 256 in flight is ~0.3 s of
 *   queue.
 * - the event loop lagging by more than a second (mean over a second; @fastify/under-pressure). Not on event-loop
 *   utilisation: a server at full use but keeping up (or busy with its start-up work) must still serve.
 * The error handler gives the 503 our error body. `/health` (and the long-lived live streams) opt out through their
 * route config, so a load balancer can tell busy from down.
 */
export async function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions = {}) {
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelay ?? 1000,
    retryAfter: BUSY_RETRY_AFTER_SECONDS,
  });
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  let inFlight = 0;
  app.addHook('onRequest', async (request, reply) => {
    if ((request.routeOptions.config as { pressureHandler?: unknown } | undefined)?.pressureHandler) return;
    if (inFlight >= maxInFlight) {
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      throw Object.assign(new Error('Too many requests in flight'), { statusCode: 503 });
    }
    inFlight += 1;
    // 'close' ends every request, answered or abandoned; light-my-request (tests) emits 'finish' only.
    let done = false;
    const settle = () => {
      if (!done) inFlight -= 1;
      done = true;
    };
    reply.raw.once('finish', settle).once('close', settle);
  });
}

/** Route config that lets a route through under pressure (the health check, the live streams). */
export const ALWAYS_ANSWERED = { pressureHandler: () => undefined };
