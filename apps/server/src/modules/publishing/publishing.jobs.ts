import { lastDayOfMonth } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { RenderedDocuments } from '../../documents/publish-render.js';
import type { CompanyReportDocument } from '../../documents/company-report-document.js';
import { documentDate, type ReportDocument } from '../../documents/report-document.js';
import type { DB } from '../../db/schema.js';
import type { JobEvents } from '../../events/job-events.js';
import type { JobControl, JobHandler } from '../../jobs/job-runner.js';
import type { FileStore } from '../../storage/file-store.js';
import { createDocumentsRepository } from '../documents/documents.repository.js';
import { loadMonthlyReport, type ReportSubject } from '../documents/monthly-report.service.js';
import { loadCompanyReport } from '../company-report/company-report.service.js';
import { createPublishingRepository, type DocumentOutcome, type PublishTarget } from './publishing.repository.js';

/** Files one publish job works on at once, whatever it asked for (decision 0008). */
export const PUBLISH_PARALLEL_LIMIT = 8;
const TYPES = ['xlsx', 'pdf'] as const;

export interface PublishHandlerDeps {
  db: Kysely<DB>;
  files: FileStore;
  events: JobEvents;
  render(report: ReportDocument, date: Date): Promise<RenderedDocuments>;
  /** A company's report (COMPANY_REPORT files, decision 0068): the Summary and every store's part. */
  renderCompany?(report: CompanyReportDocument, date: Date): Promise<RenderedDocuments>;
  /** Gets the renderer ready while the job's first reports load. */
  warm?(): void;
}

/** Where a job's document of a file is kept: the same name every time that job renders that file. */
export function documentKey(
  target: Pick<PublishTarget, 'id' | 'entry_date'>,
  jobId: string,
  type: 'xlsx' | 'pdf',
): string {
  return `generated/${target.entry_date}/${target.id}-${jobId}.${type}`;
}

/** The report a publish file stands for: a receiver's, a store's or a company's month, as recipients see it. */
export function loadPublishedReport(db: Kysely<DB>, t: PublishTarget): Promise<ReportDocument> {
  const subject: ReportSubject =
    t.file_type === 'CHARITY_REPORT'
      ? {
          kind: 'receiver',
          id: t.receiver_id!,
          name: t.receiver_name ?? `Receiver ${t.receiver_id}`,
          company: null,
          scope: { receiverId: t.receiver_id! },
        }
      : t.file_type === 'STORE_REPORT'
        ? {
            kind: 'store',
            id: t.store_id!,
            name: t.store_name ?? `Store ${t.store_id}`,
            company: t.company_name,
            scope: { storeId: t.store_id! },
          }
        : {
            kind: 'company',
            id: t.company_id!,
            name: t.company_name ?? `Company ${t.company_id}`,
            company: t.company_name,
            scope: { companyId: t.company_id! },
          };
  // Recipients are not admin-style users: no money saved (section 6); all three sheets.
  return loadMonthlyReport(createDocumentsRepository(db), subject, t.entry_date, { money: false, raw: true });
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The publish job (action AdvanceSingleFileChangeTime): for each pending file, render its documents, store them
 * under their fixed names (write to a temporary file, then rename), then commit the file's outcome in one
 * transaction. A crash before the commit means the file is rendered again to the same bytes and names; after the
 * commit it is never touched again by this job.
 */
export function createPublishHandler(deps: PublishHandlerDeps): JobHandler {
  const repo = createPublishingRepository(deps.db);

  async function publishOne(jobId: string, target: PublishTarget) {
    let rendered: RenderedDocuments;
    try {
      const date = documentDate(lastDayOfMonth(target.entry_date));
      if (target.file_type === 'COMPANY_REPORT' && deps.renderCompany) {
        const company = { id: target.company_id!, name: target.company_name ?? `Company ${target.company_id}` };
        // Recipients are not admin-style users: no money saved (section 6).
        const report = await loadCompanyReport(deps.db, company, target.entry_date, { money: false });
        rendered = await deps.renderCompany(report, date);
      } else {
        rendered = await deps.render(await loadPublishedReport(deps.db, target), date);
      }
    } catch (error) {
      rendered = { xlsx: { ok: false, error: message(error) }, pdf: { ok: false, error: message(error) } };
    }
    const documents: DocumentOutcome[] = [];
    for (const type of TYPES) {
      const r = rendered[type];
      if (!r.ok) {
        documents.push({ file_type: type, file_uri: null, byte_size: null, error: r.error });
        continue;
      }
      const key = documentKey(target, jobId, type);
      try {
        documents.push({ file_type: type, file_uri: key, byte_size: await deps.files.write(key, r.data), error: null });
      } catch (error) {
        documents.push({
          file_type: type,
          file_uri: null,
          byte_size: null,
          error: `could not store the file: ${message(error)}`,
        });
      }
    }
    const committed = await repo.commitFile({
      jobId,
      target,
      documents,
      notify: (trx) => deps.events.notify(trx, jobId),
    });
    if (committed) {
      const { publish_file_id, failed, ...job } = committed;
      deps.events.changed(jobId, { ...job, finished: { publish_file_id, failed, order: job.processed } });
    }
  }

  return {
    kind: 'publish',
    async run(jobId: string, control: JobControl) {
      const job = await repo.job(jobId);
      if (!job) return;
      deps.warm?.();
      if (await repo.markStarted(jobId)) await deps.events.changedEverywhere(deps.db, jobId);
      const items = await repo.pendingItems(jobId);
      const targets = await repo.targets(items.map((i) => i.publish_file_id));
      const requested = Number(job.payload.parallel) || 1;
      const parallel = Math.max(1, Math.min(requested, PUBLISH_PARALLEL_LIMIT, items.length));
      let next = 0;
      let broken: { error: unknown } | null = null;
      const lane = async () => {
        while (!control.stopping && !broken && next < items.length) {
          const target = targets.get(items[next++].publish_file_id);
          // A failed render is the file's outcome; anything else (the database went away) stops the job until the
          // runner resumes it.
          if (target) await publishOne(jobId, target).catch((error: unknown) => (broken ??= { error }));
        }
      };
      await Promise.all(Array.from({ length: parallel }, lane));
      if (broken) throw (broken as { error: unknown }).error;
      if (!control.stopping && (await repo.finishJob(jobId))) await deps.events.changedEverywhere(deps.db, jobId);
    },
  };
}
