import { dashboardExportPaths, reportFilterParams, storeScopeFilter, type Granularity } from '@openrescue/shared';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import type { Scope } from '../lib/scope';

export type ExportFormat = 'csv' | 'xlsx';

export interface FiguresParams {
  /** First and last calendar day shown, 'YYYY-MM-DD'. */
  from: string;
  to: string;
  scope: Scope;
  /** The graphs' periods: by day, week or month as the line chart shows them. */
  granularity: Granularity;
}

/** The query the server reads the dashboard's view from (the same scope parameters as donation_totals). */
export const figuresQuery = (p: FiguresParams) => ({
  entry_time__gte: p.from,
  entry_time__lte: p.to,
  ...reportFilterParams(storeScopeFilter(p.scope)),
  annotate_entry_time: p.granularity,
  // The cards and graphs compare with the previous period and a year earlier (decision 0072): so does the file.
  compare: true,
});

/**
 * GET {core}/api/retail/reports/dashboard_figures.{csv|xlsx}: the figures behind the cards and graphs, built by the
 * server from the totals the dashboard shows (money saved only where the session may see it).
 */
export function downloadFigures(p: FiguresParams, format: ExportFormat): Promise<Blob> {
  const path = format === 'csv' ? dashboardExportPaths.figuresCsv : dashboardExportPaths.figuresXlsx;
  return api.get<Blob>(apiUrl(path), { query: figuresQuery(p), responseType: 'blob' });
}

/** The name the server gives the file too. */
export const figuresFileName = (p: FiguresParams, format: ExportFormat) => `figures_${p.from}_to_${p.to}.${format}`;
