import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { RenderedDocuments } from '../../documents/publish-render.js';
import type { ReportDocument } from '../../documents/report-document.js';
import { createRenderPool } from '../../jobs/render-pool.js';
import { renderCompanyReport } from '../../documents/company-report-render.js';
import { renderedDocument } from '../../documents/publish-render.js';
import { createPublishHandler } from './publishing.jobs.js';
import { storeMissingDocuments } from './publishing.stored-documents.js';

export type PublishRender = (report: ReportDocument, date: Date) => Promise<RenderedDocuments>;

/** The renderer an app's publish jobs call: the render pool's (`pool`), unless `current` is replaced. */
export interface PublishRenderer {
  readonly pool: PublishRender;
  current: PublishRender;
}

const renderers = new WeakMap<AppContext, PublishRenderer>();

/** The publish renderer of one app (test-support/fixtures/publishing.ts wraps it to make one file's render fail). */
export const publishRendererOf = (ctx: AppContext): PublishRenderer | undefined => renderers.get(ctx);

/**
 * Publishing's background work (called where the app is assembled, app.ts): the render pool, the publish job
 * handler, and after start the documents the demo data refers to.
 */
export function setUpPublishing(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const pool = createRenderPool({
    size: ctx.env.RENDER_WORKERS ?? Math.min(4, availableParallelism()),
    productName: ctx.env.PRODUCT_NAME,
    log: app.log,
  });
  const real: PublishRender = (report, date) => pool.render(report, date);
  const renderer: PublishRenderer = { pool: real, current: real };
  renderers.set(ctx, renderer);
  ctx.jobRunner.register(
    createPublishHandler({
      db,
      files: ctx.files,
      events: ctx.jobEvents,
      render: (report, date) => renderer.current(report, date),
      // A company's file: the company report (decision 0068), its PDF in parts over the pool's threads.
      renderCompany: async (report, date) => {
        const both = renderCompanyReport(pool, report, { date, xlsx: true, pdf: true });
        const [xlsx, pdf] = await Promise.all([
          renderedDocument(both.then((d) => d.xlsx!)),
          renderedDocument(both.then((d) => d.pdf!)),
        ]);
        return { xlsx, pdf };
      },
      warm: () => pool.warm(),
    }),
  );
  app.addHook('onClose', async () => pool.close());
  ctx.jobRunner.afterStart('demo documents', async (stopping) => {
    const stored = await storeMissingDocuments(db, ctx.files, real, stopping);
    if (stored) app.log.info({ stored }, 'stored the documents the demo data refers to');
  });
}
