import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BUSY_CLIENT_RETRY_AFTER_SECONDS, createKeyedConcurrency, tooManyAtOnce } from '../lib/keyed-concurrency.js';
import { hasBody } from './slow-bodies.js';

/** Seconds a client is asked to wait when the server sheds load. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/** Requests one process works on at once before it refuses more (MAX_IN_FLIGHT). */
export const DEFAULT_MAX_IN_FLIGHT = 256; // the MAX_IN_FLIGHT default (config/env.ts)
/** Requests one client address may have open at once, bodies still arriving included (MAX_IN_FLIGHT_PER_ADDRESS). */
export const DEFAULT_MAX_PER_ADDRESS = 64;

export interface LoadSheddingOptions {
  maxEventLoopDelay?: number;
  maxInFlight?: number;
  maxPerAddress?: number;
}

/** What `/health` reports: whether this process takes more work now, and why not. */
export interface Saturation {
  ready: boolean;
  in_flight: number;
  max_in_flight: number;
  event_loop_delay_ms: number;
  addresses: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    saturation(): Saturation;
  }
}

const alwaysAnswered = (request: FastifyRequest) =>
  Boolean((request.routeOptions.config as { pressureHandler?: unknown } | undefined)?.pressureHandler);

/** Calls `release` once when the request ends, answered or abandoned (light-my-request emits 'finish' only). */
function onEnd(reply: FastifyReply, release: () => void) {
  reply.raw.once('finish', release).once('close', release);
}

/**
 * Past its capacity the server answers 503 with Retry-After at once instead of queueing requests until every one of
 * them times out. Three signals:
 * - requests in flight: most of a request's wait is for the database (a worker thread or PostgreSQL), which the event
 *   loop never feels, so an open flood would queue without bound. Past `maxInFlight` a request is refused before any
 *   work; at the dashboard's ~800 answers/s on 2 cores, 256 in flight is ~0.3 s of queue. A request counts once its
 *   body has arrived: a client trickling bodies in holds sockets, not the server's capacity (slow-bodies.ts cuts it).
 * - requests of one client address, bodies under way included: past `maxPerAddress` it gets 429 with Retry-After, so
 *   one client cannot hold more than its share (the address respects TRUST_PROXY).
 * - the event loop lagging by more than a second (mean over a second; @fastify/under-pressure). Not on event-loop
 *   utilisation: a server at full use but keeping up (or busy with its start-up work) must still serve.
 * The error handler gives the 503 our error body. `/health` (and the long-lived live streams) opt out through their
 * route config, so a load balancer can tell busy from down; `/health` reports `ready: false` while saturated.
 */
export async function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions = {}) {
  const maxEventLoopDelay = options.maxEventLoopDelay ?? 1000;
  await app.register(underPressure, { maxEventLoopDelay, retryAfter: BUSY_RETRY_AFTER_SECONDS });
  const maxInFlight = options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  const perAddress = createKeyedConcurrency(options.maxPerAddress ?? DEFAULT_MAX_PER_ADDRESS);
  let inFlight = 0;

  const admit = (reply: FastifyReply) => {
    if (inFlight >= maxInFlight) {
      reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS));
      throw Object.assign(new Error('Too many requests in flight'), { statusCode: 503 });
    }
    inFlight += 1;
    let done = false;
    onEnd(reply, () => {
      if (!done) inFlight -= 1;
      done = true;
    });
  };

  app.addHook('onRequest', async (request, reply) => {
    if (alwaysAnswered(request)) return;
    const release = perAddress.tryAcquire(request.ip);
    if (!release) {
      reply.header('retry-after', String(BUSY_CLIENT_RETRY_AFTER_SECONDS));
      // Its body is not read: the connection closes rather than stay open while the client sends it.
      if (hasBody(request)) reply.header('connection', 'close');
      throw tooManyAtOnce();
    }
    onEnd(reply, release);
    if (!hasBody(request)) admit(reply);
  });
  app.addHook('preValidation', async (request, reply) => {
    if (!alwaysAnswered(request) && hasBody(request)) admit(reply);
  });

  app.decorate('saturation', (): Saturation => {
    const delay = app.memoryUsage().eventLoopDelay;
    return {
      ready: inFlight < maxInFlight && delay <= maxEventLoopDelay,
      in_flight: inFlight,
      max_in_flight: maxInFlight,
      event_loop_delay_ms: Math.round(delay),
      addresses: perAddress.keys,
    };
  });
}

/** Route config that lets a route through under pressure (the health check, the live streams). */
export const ALWAYS_ANSWERED = { pressureHandler: () => undefined };
