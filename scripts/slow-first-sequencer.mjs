// Vitest orders test files by the durations it cached on this machine, and by file size where it has none: a fresh
// clone (CI) would start the longest files last and end on one worker while the other idles. These files take
// 20-140 s each; they start first (in this order), and the short ones fill in around them.
import { relative } from 'node:path';
import { BaseSequencer } from 'vitest/node';

export const SLOW_FIRST = [
  'apps/server/src/security/bad-input.test.ts',
  'apps/server/src/security/bad-input-second-half.test.ts',
  'apps/server/src/jobs/crash.test.ts',
  'apps/server/src/security/retried-writes.test.ts',
  'apps/server/src/security/sign-in-sessions.test.ts',
  'apps/server/src/security/sign-in-flood.test.ts',
  'apps/server/src/security/authorization-matrix.test.ts',
  'apps/server/src/modules/network/network.import.test.ts',
];

/**
 * Files that bound answer times or stalls (a p95, a longest wait, a render that must not block the event loop): the
 * `timed` project runs them after the rest, two at a time, with nothing beside them, as their bounds were set. A new
 * bound on time belongs here.
 */
export const TIMED = [
  'apps/server/src/security/sign-in-flood.test.ts',
  'apps/server/src/security/sign-in-sessions.test.ts',
  'apps/server/src/modules/documents/heavy-reads.test.ts',
  'apps/server/src/modules/transcripts/transcripts.ingest-load.test.ts',
  'apps/server/src/modules/live/live.test.ts',
  'apps/server/src/modules/documents/poster.test.ts',
  'apps/server/src/modules/publishing/publishing.test.ts',
  'apps/server/src/modules/retail/bulkscan.test.ts',
  'apps/server/src/plugins/unavailable.test.ts',
  'apps/server/src/jobs/render-pool.test.ts',
  'apps/server/src/documents/documents.test.ts',
];

/**
 * Files run apart from the database passes, one at a time (the `api-alone` project; `npm test` runs it beside the
 * cluster and the Node 24 smoke): a bound of 2 s for every request of a real user while 260 sockets trickle bodies,
 * which a timed neighbour's CPU broke in CI (3.3 s beside heavy-reads). The server shares the test's process, so any
 * load beside it is load on the server; beside the cluster and the smoke it answered within ~0.6 s.
 */
export const ALONE = ['apps/server/src/plugins/slow-bodies.test.ts'];

export class SlowFirstSequencer extends BaseSequencer {
  /** @param {import('vitest/node').TestSpecification[]} files */
  async sort(files) {
    const sorted = await super.sort(files);
    const rank = (f) => {
      const file = relative(this.ctx.config.root, f.moduleId);
      const i = SLOW_FIRST.indexOf(file);
      return i === -1 ? SLOW_FIRST.length : i;
    };
    const group = (f) => f.project.config.sequence.groupOrder;
    // Stable within a group: the cached order stands among the other files.
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => group(a.f) - group(b.f) || rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}
