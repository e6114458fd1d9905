import { ERROR_TYPES } from '@openrescue/shared';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

const UNAVAILABLE = `"type":"${ERROR_TYPES.unavailable}"`;

/**
 * Sends a request and, while the server answers 503 "unavailable" (load shedding, or its database starved on a loaded
 * machine: the test and the server share one event loop), asks again after the Retry-After it names, as a client
 * would; at most `retries` times. `onRetry` counts them.
 */
export async function injectHonouringRetryAfter(
  app: FastifyInstance,
  options: InjectOptions,
  { retries = 3, onRetry }: { retries?: number; onRetry?: () => void } = {},
): Promise<LightMyRequestResponse> {
  for (let attempt = 0; ; attempt += 1) {
    const res = await app.inject(options);
    if (res.statusCode !== 503 || !res.body.includes(UNAVAILABLE) || attempt === retries) return res;
    onRetry?.();
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after'] ?? 1) * 1000));
  }
}
