import { z } from 'zod';
import { JOB_STATUSES } from '../constants.js';
import { tableMetricSchema } from './metrics.js';
import { pathTo } from './paths.js';

/**
 * Publishing (spec 2.3, 2.4, 7.1, 7.6; DESIGN "Selectors", "Publishing", "Jobs and live data"; decision 0008).
 *
 * POST {ops-api}/appsheet/table/{GeneratedFile|PublishFile|Company}/action   Find with a Selector
 * POST {ops-api}/appsheet/table/PublishFile/batchAction                     AdvanceSingleFileChangeTime: one job
 * GET  {ops-api}/files/generated/{id}                                       one generated file (Content-Length)
 * GET  {ops-api}/files/generated.zip?selector=...                           the filtered generated files as one zip
 * GET  {ops-api}/live/{tasks|table_metrics}                                 server-sent events (staff, cookie works)
 * GET  {ops-api}/table/Jobs                                                 Jobs History (foundation contract)
 *
 * Selector grammar (case-insensitive function names, AppSheet expression style):
 *   selector   := table | Filter(table, cond) | OrderBy(selector, [col], desc?, [col], desc?, ...) | Top(selector, n)
 *   cond       := AND(cond, ...) | OR(cond, ...) | NOT(cond) | TRUE | FALSE
 *               | [col] op value | value op [col]            op: = <> < <= > >=
 *               | IN([col], LIST(value, ...)) | IN([col], {value, ...})
 *               | ISBLANK([col]) | ISNOTBLANK([col]) | STARTSWITH([col], "text")
 *   value      := "text" | 'text' | 123 | -4 | TRUE | FALSE | DATE("2025-01-01")
 * e.g. OrderBy(Filter(GeneratedFile, AND([entry_date] >= "2025-01-01", [company_id] = 4,
 *        STARTSWITH([file_status], "QUEUE:"))), [creation_time], TRUE)
 * `desc?` TRUE sorts descending (AppSheet ORDERBY). Columns are the fields each table answers with. Anything else
 * is a 400 whose detail names what was not understood and where.
 */

export const APPSHEET_TABLES = ['GeneratedFile', 'PublishFile', 'Company'] as const;
export type AppsheetTable = (typeof APPSHEET_TABLES)[number];

export const SELECTOR_MAX_LENGTH = 4000;
/** Rows per Find answer; `next` names the following page (POST the same body to it). */
export const FIND_PAGE_SIZE = 5000;
/** 'Job already in queue: {job}' (spec 8 "Publish", dialog title 'Publish Files'). */
export const PUBLISH_DIALOG_TITLE = 'Publish Files';
export const jobAlreadyInQueueMessage = (job: string) => `Job already in queue: ${job}`;
/** Spec 5 "Publish job": the answer when there is no chunk to process. */
export const NOTHING_TO_PROCESS = 'nothing to process';
/** DESIGN section 6 "Publishing details": defaults of MAX_PUBLISH_FILES and MAX_PUBLISH_CHUNK. */
export const DEFAULT_MAX_PUBLISH_FILES = 500;
export const DEFAULT_MAX_PUBLISH_CHUNK = 50;
/** publish_company_{id}, publish_receiver_{id}, publish_id_{id} or publish_all. */
export const PUBLISH_TASK_NAME_PATTERN = /^publish_(all|(company|receiver|id)_[1-9][0-9]{0,9})$/;

export const PUBLISH_FILE_TYPES = ['CHARITY_REPORT', 'STORE_REPORT', 'COMPANY_REPORT'] as const;
export const PUBLISH_FILE_STATUSES = ['READY', 'PUBLISHING', 'PUBLISHED', 'FAILED'] as const;
export const GENERATED_FILE_TYPES = ['xlsx', 'pdf'] as const;
/** file_status is STAGE:STEP:RESULT; the dot is green when RESULT is SUCCESS. */
export const GENERATED_FILE_STAGES = ['QUEUE', 'SENT'] as const;

/** Spec 2.3: type R for a charity report, P otherwise. */
export function publishFileTypeLetter(fileType: string): 'R' | 'P' {
  return fileType === 'CHARITY_REPORT' ? 'R' : 'P';
}

/** The three parts of a generated file's status; `ok` when the result is SUCCESS. */
export function fileStatusParts(status: string) {
  const [stage = '', step = '', result = ''] = status.split(':');
  return { stage, step, result, ok: result === 'SUCCESS' };
}

// ---- Find ----

const appsheetProperties = {
  /** Spec 7.1 sends Locale en-US and Timezone Pacific Standard Time; both are accepted and do not change answers. */
  Locale: z.string().max(40).optional(),
  Timezone: z.string().max(80).optional(),
};

export const appsheetTableParamsSchema = z.object({ table: z.enum(APPSHEET_TABLES) }).strict();
export const appsheetFindQuerySchema = z
  .object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) })
  .strict();

export const appsheetFindBodySchema = z
  .object({
    Action: z.literal('Find'),
    Properties: z
      .object({ ...appsheetProperties, Selector: z.string().max(SELECTOR_MAX_LENGTH).optional() })
      .strict()
      .optional(),
    /** Optional keys: only these ids (AppSheet Find with Rows); empty or absent means every row the Selector finds. */
    Rows: z
      .array(z.object({ id: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) }).strict())
      .max(FIND_PAGE_SIZE)
      .optional(),
  })
  .strict();
export type AppsheetFindBody = z.infer<typeof appsheetFindBodySchema>;

/** ISO instants are UTC ('2026-11-02T17:04:05.123Z'); dates are 'YYYY-MM-DD'. */
export const generatedFileRowSchema = z.object({
  id: z.number(),
  publish_file_id: z.number(),
  company_id: z.number().nullable(),
  store_id: z.number().nullable(),
  receiver_id: z.number().nullable(),
  /** The extension: xlsx or pdf. */
  file_type: z.enum(GENERATED_FILE_TYPES),
  entry_date: z.string(),
  creation_time: z.string(),
  file_status: z.string(),
  /** Where the server keeps the file (relative to its data folder); download through the files path by id. */
  file_uri: z.string().nullable(),
  /** Extra fields (row details): a re-publish makes version n+1; bytes stored; why a render failed. */
  version: z.number(),
  byte_size: z.number().nullable(),
  error: z.string().nullable(),
  /** Its report's month was corrected after the last publish: when (decision 0061); else null. */
  corrected_after_publish_at: z.string().nullable().optional(),
});
export type GeneratedFileRow = z.infer<typeof generatedFileRowSchema>;

export const publishFileRowSchema = z.object({
  id: z.number(),
  file_status: z.enum(PUBLISH_FILE_STATUSES),
  entry_date: z.string(),
  company_id: z.number().nullable(),
  receiver_id: z.number().nullable(),
  store_id: z.number().nullable(),
  file_change_time: z.string().nullable(),
  file_type: z.enum(PUBLISH_FILE_TYPES),
  /** Extra field: how many times the file was published. */
  publish_count: z.number(),
  /** A published file whose month was corrected after its last publish: when (decision 0061); else null. */
  corrected_after_publish_at: z.string().nullable().optional(),
});
export type PublishFileRow = z.infer<typeof publishFileRowSchema>;

export const companyRowSchema = z.object({ id: z.number(), name: z.string(), logo_image_url: z.string().nullable() });
export type CompanyRow = z.infer<typeof companyRowSchema>;

function findResult<T extends z.ZodTypeAny>(row: T) {
  return z.object({
    /** Spec 7.1: the list is read from data.data (here: the body's `data`). */
    data: z.array(row),
    /** Rows the Selector matches in all (every page). */
    count: z.number(),
    page: z.number(),
    page_size: z.number(),
    /** The next page's URL (POST the same body), or null. */
    next: z.string().nullable(),
  });
}
export const generatedFileFindResultSchema = findResult(generatedFileRowSchema);
export const publishFileFindResultSchema = findResult(publishFileRowSchema);
export const companyFindResultSchema = findResult(companyRowSchema);
export type GeneratedFileFindResult = z.infer<typeof generatedFileFindResultSchema>;
export type PublishFileFindResult = z.infer<typeof publishFileFindResultSchema>;
export type CompanyFindResult = z.infer<typeof companyFindResultSchema>;
export const appsheetFindResultSchema = z.union([
  generatedFileFindResultSchema,
  publishFileFindResultSchema,
  companyFindResultSchema,
]);

// ---- Jobs (live) ----

/** A job row as Jobs History and the `tasks` stream carry it (the foundation job row plus a few fields). */
export const liveJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  total: z.number(),
  processed: z.number(),
  status: z.enum(JOB_STATUSES),
  updated_at: z.string(),
  error: z.string().nullable(),
  kind: z.string(),
  created_at: z.string(),
  /** Publish jobs: files worked on at once (the requested parallel count, capped by the server). */
  parallel: z.number().nullable(),
  /**
   * Publish jobs that are not finished, and the event that finishes one: the publish file ids done so far in the
   * order they finished (failed renders included), and the subset whose render failed. Absent otherwise.
   */
  done_ids: z.array(z.number()).optional(),
  failed_ids: z.array(z.number()).optional(),
});
export type LiveJob = z.infer<typeof liveJobSchema>;

// ---- batchAction ----

export const publishBatchBodySchema = z
  .object({
    Action: z.literal('AdvanceSingleFileChangeTime'),
    Properties: z
      .object({
        ...appsheetProperties,
        /** The job name: publish_company_{id}, publish_receiver_{id}, publish_id_{id} or publish_all. */
        TaskName: z
          .string()
          .max(100)
          .regex(
            PUBLISH_TASK_NAME_PATTERN,
            'expected publish_all, publish_company_{id}, publish_receiver_{id} or publish_id_{id}',
          ),
        /** Files rendered at once (the screen's 'number per API call'): 1 to MAX_PUBLISH_CHUNK, default 1. */
        ParallelRequests: z.number().int().min(1).max(10_000).optional(),
      })
      .strict(),
    /** The publish files, in the order they should run; duplicates are dropped; at most MAX_PUBLISH_FILES. */
    Rows: z.array(z.object({ id: z.number().int().min(1).max(2_147_483_647) }).strict()).max(100_000),
  })
  .strict();
export type PublishBatchBody = z.infer<typeof publishBatchBodySchema>;

export const publishBatchResultSchema = z.object({
  /** Spec 7.1: a batch's rows are read from data.data.Rows (here: the body's data.Rows), each with an id. */
  data: z.object({ Rows: z.array(z.object({ id: z.number() })) }),
  /** 'queued' with a job, or 'nothing to process' (no job started). */
  message: z.string(),
  job: liveJobSchema.nullable(),
});
export type PublishBatchResult = z.infer<typeof publishBatchResultSchema>;

// ---- downloads ----

export const generatedFileIdParamsSchema = z
  .object({ id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER) })
  .strict();
export const generatedFilesZipQuerySchema = z
  .object({
    /** A GeneratedFile Selector (as for Find); absent means every stored file. Files without a stored document are left out. */
    selector: z.string().max(SELECTOR_MAX_LENGTH).optional(),
  })
  .strict();
/** At most this many files go into one zip (the newest first when a Selector does not order them). */
export const ZIP_MAX_FILES = 5000;

export const publishingPaths = {
  /** Find (and the publishing actions) on a table: `pathTo(publishingPaths.action, { table })`. */
  action: '/ops-api/appsheet/table/:table/action',
  batchAction: '/ops-api/appsheet/table/PublishFile/batchAction',
  generatedFile: '/ops-api/files/generated/:id',
  generatedZip: '/ops-api/files/generated.zip',
  /** A live collection's event stream (below). */
  live: '/ops-api/live/:collection',
} as const;
/** Find on a table, as the client asks for it. */
export const appsheetActionPath = (table: AppsheetTable) => pathTo(publishingPaths.action, { table });
/** A live collection's stream, as the client asks for it. */
export const livePath = (collection: LiveCollection) => pathTo(publishingPaths.live, { collection });

// ---- live streams (server-sent events) ----

/**
 * GET /ops-api/live/{collection}: `text/event-stream`. On connect every current document arrives as an `added`
 * event, then one `ready` event (data {"count": n}); afterwards each change is `added` (a new document: append it)
 * or `modified` (replace the entry with the same id). Each event's data is one JSON document; `id:` is a sequence
 * number. A comment line (`: ping`) every 15 s keeps proxies from closing the stream. Staff only; EventSource sends
 * the session cookie, which the access guard accepts.
 * - tasks: liveJobSchema documents (key `id`), the 100 most recent jobs, oldest first.
 * - table_metrics: tableMetricSchema documents (key `table`).
 */
export const LIVE_COLLECTIONS = ['tasks', 'table_metrics'] as const;
export type LiveCollection = (typeof LIVE_COLLECTIONS)[number];
export const LIVE_EVENTS = ['added', 'modified', 'ready'] as const;
export type LiveEvent = (typeof LIVE_EVENTS)[number];
export const liveCollectionParamsSchema = z.object({ collection: z.enum(LIVE_COLLECTIONS) }).strict();
export const liveReadySchema = z.object({ count: z.number() });
export const liveTableMetricSchema = tableMetricSchema;
