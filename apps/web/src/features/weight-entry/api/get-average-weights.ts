import { retailPaths } from '@openrescue/shared';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

export interface AverageWeight {
  from_department_id: number;
  avg_wt: number;
}

/** GET {core}/api/retail/donations/getAvgWtPerStore?from_store=&entry_time__gte=&entry_time__lte= (section 7.3). */
export async function getAverageWeights(
  storeId: number,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<AverageWeight[]> {
  const body = await api.get<{ results?: AverageWeight[] }>(apiUrl(retailPaths.averageWeights), {
    signal,
    query: { from_store: storeId, entry_time__gte: from, entry_time__lte: to },
  });
  return Array.isArray(body?.results) ? body.results : [];
}

export function useAverageWeights(storeId: number, backDate: Date | null, days: number, enabled: boolean) {
  const to = backDate ? backDate.toISOString() : '';
  const from = backDate ? new Date(backDate.getTime() - days * 86_400_000).toISOString() : '';
  return useQuery({
    queryKey: ['avg-weights', storeId, from, to],
    queryFn: ({ signal }) => getAverageWeights(storeId, from, to, signal),
    enabled: enabled && Boolean(backDate),
    staleTime: 0,
  });
}
