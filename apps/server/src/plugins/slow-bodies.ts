import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A body must average at least this many bytes a second once it has had `BODY_GRACE_MS` to arrive. */
export const MIN_BODY_BYTES_PER_SECOND = 1024;
export const BODY_GRACE_MS = 10_000;

export interface SlowBodyOptions {
  minBytesPerSecond?: number;
  graceMs?: number;
  /** How often the bodies under way are looked at. */
  checkEveryMs?: number;
}

interface Watch {
  started: number;
  received: number;
  cut: () => void;
}

export const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;

/**
 * A request body that trickles in (one byte every few seconds) is cut with 408 and the connection closed, instead of
 * holding its request open for as long as the client likes. Bodies are counted through a pass-through stream handed
 * to the body parser (preParsing), and one timer looks at all of them: a phone on a bad line (a few KB/s) passes; a
 * head with `Content-Length: 100000` and a byte every 5 s is cut at ~10 s.
 */
export function refuseSlowBodies(app: FastifyInstance, options: SlowBodyOptions = {}) {
  const minRate = options.minBytesPerSecond ?? MIN_BODY_BYTES_PER_SECOND;
  const grace = options.graceMs ?? BODY_GRACE_MS;
  const watching = new Set<Watch>();
  let timer: NodeJS.Timeout | null = null;

  const check = () => {
    const now = Date.now();
    for (const watch of watching) {
      const elapsed = now - watch.started;
      if (elapsed >= grace && watch.received < (minRate * elapsed) / 1000) watch.cut();
    }
    if (!watching.size && timer) {
      clearInterval(timer);
      timer = null;
    }
  };

  app.addHook('preParsing', async (request, reply, payload) => {
    if (!hasBody(request)) return payload;
    const watch: Watch = { started: Date.now(), received: 0, cut: () => {} };
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        watch.received += chunk.length;
        done(null, chunk);
      },
    });
    const stop = () => watching.delete(watch);
    watch.cut = () => {
      stop();
      reply.header('connection', 'close');
      counted.destroy(
        Object.assign(new Error('The request body arrived too slowly.'), {
          statusCode: 408,
          code: 'FST_ERR_BODY_TOO_SLOW',
        }),
      );
    };
    let ended = false;
    payload.on('end', () => {
      ended = true;
    });
    payload.on('error', (error) => counted.destroy(error));
    payload.on('close', () => {
      if (!ended) counted.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    });
    // The parser stops listening once it has the body; a late error must not become an uncaught one.
    counted.on('error', () => {});
    counted.on('close', stop).on('end', stop);
    payload.pipe(counted);
    watching.add(watch);
    timer ??= setInterval(check, options.checkEveryMs ?? 1000).unref();
    return counted;
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    watching.clear();
  });
}
