import { liveCollectionParamsSchema, publishingPaths } from '@openrescue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LiveHub, LiveSink } from '../../events/live-hub.js';
import { textAnswer } from '../../lib/file-answers.js';
import { errorResponses } from '../../lib/http-error.js';
import { ALWAYS_ANSWERED } from '../../plugins/load-shedding.js';

const PING_MS = 15_000;

/**
 * The live database (spec 7.6, DESIGN "Jobs and live data"): server-sent events for the `tasks` and
 * `table_metrics` collections, staff only. EventSource cannot send an Authorization header; the access guard also
 * accepts the httpOnly session cookie, which the browser sends with it. `hub`: live.setup.ts.
 */
export async function liveRoutes(app: FastifyInstance, { hub }: { hub: LiveHub }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(publishingPaths.live, {
    // Open for as long as a screen is: not counted among the requests in flight (load-shedding.ts).
    config: { access: 'staff', ...ALWAYS_ANSWERED },
    schema: {
      tags: ['live'],
      description:
        'text/event-stream of the collection: every current document as `added`, then `ready` ({count}), then each ' +
        'change as `added` or `modified` (data: the JSON document). tasks: job rows; table_metrics: table metrics.',
      params: liveCollectionParamsSchema,
      response: { 200: textAnswer('The event stream; it stays open.', 'text/event-stream'), ...errorResponses },
    },
    handler: async (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      res.write('retry: 3000\n\n');
      let open = true;
      let seq = 0;
      let unsubscribe: (() => void) | null = null;
      const ping = setInterval(() => res.write(': ping\n\n'), PING_MS);
      const sink: LiveSink = {
        send(event, data) {
          if (open) res.write(`event: ${event}\nid: ${++seq}\ndata: ${JSON.stringify(data)}\n\n`);
        },
        end() {
          if (open) res.end();
          open = false;
        },
      };
      const closed = () => {
        open = false;
        clearInterval(ping);
        unsubscribe?.();
      };
      request.raw.on('close', closed);
      try {
        const stop = await hub.subscribe(request.params.collection, sink);
        if (open) unsubscribe = stop;
        else stop();
      } catch (error) {
        request.log.error({ err: error }, 'live stream could not start');
        sink.end();
        closed();
      }
    },
  });
}
