import { metricsPaths } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

/** A row of GET {ops}/table_metrics: a main table's row count and last change (DESIGN.md "Jobs and live data"). */
export interface TableMetric {
  table: string;
  row_count: number;
  /** True when the count is the database's estimate (very large tables). */
  row_count_estimated: boolean;
  /** ISO time of the last change, or null for a table never changed. */
  last_change: string | null;
}

function readRows(response: unknown): TableMetric[] {
  const list = Array.isArray(response)
    ? response
    : ((response as { data?: unknown; results?: unknown } | null)?.data ??
      (response as { results?: unknown } | null)?.results);
  if (!Array.isArray(list)) return [];
  return list.map((row: Record<string, unknown>) => ({
    table: String(row.table ?? row.name ?? ''),
    row_count: Number(row.row_count ?? 0),
    row_count_estimated: row.row_count_estimated === true,
    last_change: typeof row.last_change === 'string' ? row.last_change : null,
  }));
}

export async function getTableMetrics(signal?: AbortSignal): Promise<TableMetric[]> {
  return readRows(await api.get<unknown>(apiUrl(metricsPaths.tableMetrics), { signal }));
}

export const tableMetricsQueryOptions = () =>
  queryOptions({
    queryKey: ['ops', 'table_metrics'],
    queryFn: ({ signal }) => getTableMetrics(signal),
    staleTime: 0, // counts move all the time; always show the current ones when the screen opens
  });

export function useTableMetrics() {
  return useQuery(tableMetricsQueryOptions());
}
