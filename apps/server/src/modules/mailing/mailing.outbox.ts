import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { createMailTransport } from '../../mail/mail-transport.js';
import { createOutboxWorker, type OutboxWorker } from '../../mail/outbox-worker.js';

/** Poll interval of the app's outbox worker; tests may lower it before building the app. */
export const outboxWorkerDefaults = { pollMs: 5000, batchSize: 20 };

const workers = new WeakMap<AppContext, OutboxWorker>();

/** The outbox worker of one built app (POST wakes it; tests drive it). */
export function mailOutboxOf(ctx: AppContext): OutboxWorker | undefined {
  return workers.get(ctx);
}

/** Creates the app's outbox worker: started when the app is ready, stopped (pass in flight awaited) on close. */
export function registerMailOutbox(app: FastifyInstance, ctx: AppContext) {
  const transport = createMailTransport({ smtpUrl: ctx.env.SMTP_URL || undefined, dataDir: ctx.env.DATA_DIR });
  const worker = createOutboxWorker({
    db: ctx.database.db,
    transport,
    from: `${ctx.env.PRODUCT_NAME} <${ctx.env.SUPPORT_EMAIL}>`,
    pollMs: outboxWorkerDefaults.pollMs,
    batchSize: outboxWorkerDefaults.batchSize,
    leaseSeconds: ctx.env.MAIL_CLAIM_LEASE_SECONDS,
    log: app.log,
  });
  workers.set(ctx, worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
  return worker;
}
