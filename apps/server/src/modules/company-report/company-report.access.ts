import { COMPANY_REPORT_INLINE_STORES, type CompanyReportJob, ERROR_TYPES } from '@openrescue/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { jobWithPayload } from '../jobs/job-rows.repository.js';
import { resolveViewer } from '../reports/reports.policy.js';
import { createCompanyReportRepository } from './company-report.repository.js';
import { type CompanyReportJobPayload, companyReportJobName, insertCompanyReportJob } from './company-report.jobs.js';

/**
 * Who may have a company's report (issue 37 §2): a company user who sees all stores (roles 1 and 3), for their own
 * company, and admin-style users (staff in the client app) for any. Everyone else, a store-only user of the same
 * company included, is answered exactly as for a missing company (404); read-only links are refused (403).
 */
export async function companyReportCaller(ctx: AppContext, request: FastifyRequest, companyId: number) {
  const rv = await resolveViewer(ctx, request);
  const allowed = rv.scope.kind === 'all' || (rv.scope.kind === 'company' && rv.scope.companyId === companyId);
  const company = allowed ? await createCompanyReportRepository(ctx.database.db).company(companyId) : null;
  if (!company) throw notFound(`No company with id ${companyId}.`);
  return { company, money: rv.moneySaved };
}

/** A company too large to answer at once (409): the caller starts a job instead. */
export async function assertInline(ctx: AppContext, companyId: number): Promise<number> {
  const stores = await createCompanyReportRepository(ctx.database.db).storeCount(companyId);
  if (stores > COMPANY_REPORT_INLINE_STORES) {
    throw new HttpError(
      409,
      ERROR_TYPES.conflict,
      `This company has ${stores.toLocaleString('en-US')} stores: its report is prepared as a job.`,
      `More than ${COMPANY_REPORT_INLINE_STORES} stores: POST report-jobs, then download the job's files.`,
    );
  }
  return stores;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string })?.code === '23505';

/** Starts the company and month's job, or answers the one already running for them. */
export async function startCompanyReportJob(
  ctx: AppContext,
  payload: CompanyReportJobPayload,
  userId: string | null,
): Promise<CompanyReportJob> {
  const name = companyReportJobName(payload.company_id, payload.month);
  const running = await ctx.repos.jobs.activeByName(name);
  if (running) return companyReportJob(ctx, running.id);
  const stores = await createCompanyReportRepository(ctx.database.db).storeCount(payload.company_id);
  let jobId: string;
  try {
    jobId = await ctx.database.db.transaction().execute(async (trx) => {
      const id = await insertCompanyReportJob(trx, payload, stores, userId);
      await ctx.jobEvents.notify(trx, id);
      return id;
    });
  } catch (error) {
    // Two starts at once: the one-active-job-per-name index refuses the second; it answers the first's job.
    const first = isUniqueViolation(error) ? await ctx.repos.jobs.activeByName(name) : null;
    if (first) return companyReportJob(ctx, first.id);
    throw error;
  }
  ctx.jobEvents.changed(jobId);
  ctx.jobRunner.wake();
  return companyReportJob(ctx, jobId);
}

/** A job as its caller sees it (the route has checked the caller may see its company). */
export async function companyReportJob(ctx: AppContext, jobId: string): Promise<CompanyReportJob> {
  const row = await jobWithPayload(ctx.database.db, jobId);
  if (!row) throw notFound(`No company report job ${jobId}.`);
  const p = row.payload as unknown as CompanyReportJobPayload;
  return {
    id: row.id,
    company_id: p.company_id,
    month: p.month,
    status: row.status as CompanyReportJob['status'],
    processed: Number(row.processed),
    total: Number(row.total),
    error: row.error,
    files: row.status === 'succeeded' ? (p.files ?? null) : null,
  };
}

/** The job's company (from its id, company_report_{company}_{YYYY-MM}_{n}), checked like the company's routes. */
export const jobCompanyId = (jobId: string) => Number(jobId.split('_')[2]);
