import type { z } from 'zod';
import {
  type AppsheetFindBody,
  appsheetFindResultSchema,
  type AppsheetTable,
  ERROR_TYPES,
  FIND_PAGE_SIZE,
  jobAlreadyInQueueMessage,
  NOTHING_TO_PROCESS,
  type PublishBatchBody,
  type PublishBatchResult,
} from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DB } from '../../db/schema.js';
import { badRequest, HttpError } from '../../lib/http-error.js';
import { findRows } from './publishing.find.js';
import { PUBLISH_PARALLEL_LIMIT } from './publishing.jobs.js';
import { createPublishingRepository } from './publishing.repository.js';
import { parseSelector, type SelectorQuery, selectorErrorDetail } from './selector/parser.js';
import { SelectorError } from './selector/tokenizer.js';

/** A Selector's meaning, or the 400 that says what was not understood (no Selector: every row of the table). */
export function selectorQuery(table: AppsheetTable, selector: string | undefined): SelectorQuery {
  if (selector === undefined || selector.trim() === '') return { table, where: null, order: [], limit: null };
  try {
    return parseSelector(selector, table);
  } catch (error) {
    if (error instanceof SelectorError) {
      throw badRequest('The Selector is not understood.', selectorErrorDetail(error, selector));
    }
    throw error;
  }
}

/** Action Find: one page of rows, `next` naming the following page. */
export async function findAction(
  ctx: AppContext,
  table: AppsheetTable,
  body: AppsheetFindBody,
  page: number,
  path: string,
) {
  const q = selectorQuery(table, body.Properties?.Selector);
  // Rows narrows to those ids; an id beyond the table's id type cannot exist (and must not reach the database).
  const maxId = table === 'GeneratedFile' ? Number.MAX_SAFE_INTEGER : 2_147_483_647;
  const ids = body.Rows?.length ? body.Rows.map((r) => r.id).filter((id) => id <= maxId) : undefined;
  if (ids && ids.length === 0) return { data: [], count: 0, page, page_size: FIND_PAGE_SIZE, next: null };
  const { count, rows } = await findRows(ctx.database.db, q, { ids, page });
  const next = page * FIND_PAGE_SIZE < count ? `${path}?page=${page + 1}` : null;
  // One table's rows: the union's member for `table`.
  return { data: rows, count, page, page_size: FIND_PAGE_SIZE, next } as z.infer<typeof appsheetFindResultSchema>;
}

const conflict = (name: string, detail: string) =>
  new HttpError(409, ERROR_TYPES.conflict, jobAlreadyInQueueMessage(name), detail);
const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/**
 * Action AdvanceSingleFileChangeTime: one durable publish job for the listed files (spec 7.1, DESIGN "Publishing").
 * Answers at once; the job runner does the work. No files: 'nothing to process' and no job. `audit` writes the
 * start's entry in the transaction that queues the job.
 */
export async function startPublishJob(
  ctx: AppContext,
  userId: string | null,
  body: PublishBatchBody,
  audit: (trx: Kysely<DB>, jobId: string, fileIds: number[]) => Promise<void>,
): Promise<{ status: 200 | 202; body: PublishBatchResult }> {
  const ids = [...new Set(body.Rows.map((r) => r.id))];
  const name = body.Properties.TaskName;
  if (ids.length === 0) return { status: 200, body: { data: { Rows: [] }, message: NOTHING_TO_PROCESS, job: null } };
  const { MAX_PUBLISH_FILES, MAX_PUBLISH_CHUNK } = ctx.env;
  if (ids.length > MAX_PUBLISH_FILES) {
    throw badRequest(
      `At most ${MAX_PUBLISH_FILES} files can be published at once.`,
      `Rows has ${ids.length} distinct ids (MAX_PUBLISH_FILES).`,
    );
  }
  const requested = body.Properties.ParallelRequests ?? 1;
  if (requested > MAX_PUBLISH_CHUNK) {
    throw badRequest(
      `ParallelRequests can be at most ${MAX_PUBLISH_CHUNK}.`,
      `Properties.ParallelRequests is ${requested} (MAX_PUBLISH_CHUNK).`,
    );
  }
  const running = await ctx.repos.jobs.activeByName(name);
  if (running)
    throw conflict(name, `${running.id} is ${running.status} (${running.processed} of ${running.total} files).`);
  const repo = createPublishingRepository(ctx.database.db);
  const known = await repo.targets(ids);
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) {
    const list = missing.slice(0, 20).join(', ') + (missing.length > 20 ? ` and ${missing.length - 20} more` : '');
    throw badRequest('Some publish files do not exist.', `Unknown PublishFile ids: ${list}.`);
  }
  let jobId: string;
  try {
    jobId = await repo.createJob({
      name,
      total: ids.length,
      ids,
      createdBy: userId,
      onCreated: async (trx, id) => {
        await ctx.jobEvents.notify(trx, id);
        await audit(trx, id, ids);
      },
      payload: {
        task_name: name,
        requested_parallel: requested,
        parallel: Math.min(requested, PUBLISH_PARALLEL_LIMIT),
      },
    });
  } catch (error) {
    // Two starts of the same name at once: the database's one-active-job-per-name index refuses the second.
    if (isUniqueViolation(error)) throw conflict(name, 'Another start of this job was accepted a moment ago.');
    throw error;
  }
  ctx.jobEvents.changed(jobId);
  ctx.jobRunner.wake();
  const [job] = await ctx.repos.jobs.byIds([jobId]);
  return { status: 202, body: { data: { Rows: ids.map((id) => ({ id })) }, message: 'queued', job: job ?? null } };
}
