import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { createAnalysisThread } from './transcripts.analysis-thread.js';
import { storeMissingDemoAudio } from './transcripts.demo-audio.js';
import { createAnalysisHandler } from './transcripts.jobs.js';
import { linkUnlinked } from './transcripts.service.js';

/**
 * The transcripts module's background work (called where the app is assembled, app.ts): analysis (wink-nlp) runs as
 * a job on a thread of its own, never in the request (issue 32, decision 0039); after start, unlinked calls are
 * linked and the demo recordings stored.
 */
export function setUpTranscripts(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const analysis = createAnalysisThread({ inline: ctx.env.RENDER_WORKERS === 0, log: app.log });
  ctx.jobRunner.register(
    createAnalysisHandler({ db, events: ctx.jobEvents, analyse: (t, names) => analysis.analyse(t, names) }),
  );
  app.addHook('onClose', async () => analysis.close());
  ctx.jobRunner.afterStart('demo recordings', async (stopping) => {
    const linked = await linkUnlinked(db);
    const stored = await storeMissingDemoAudio(db, ctx.files, stopping);
    if (linked || stored) app.log.info({ linked, stored }, 'linked calls and stored the demo recordings');
  });
}
