import { type DebugLogEntry, type DebugLogList, flowsPaths } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

export type { DebugLogEntry };

/** Entries the Logs screen shows (the newest). */
export const LOGS_SHOWN = 200;

/** GET {ops}/table/CustomDebugLog (spec 7.5): debug entries, newest first; reads `data`. */
export async function getDebugLog(signal?: AbortSignal): Promise<{ entries: DebugLogEntry[]; count: number }> {
  const response = await api.get<Partial<DebugLogList>>(`${apiUrl(flowsPaths.logs)}?limit=${LOGS_SHOWN}`, { signal });
  const entries = response?.data ?? [];
  return { entries, count: response?.count ?? entries.length };
}

export const debugLogQueryOptions = () =>
  queryOptions({
    queryKey: ['ops', 'logs'],
    queryFn: ({ signal }) => getDebugLog(signal),
    staleTime: 0, // the screen shows the log as it is when opened
    meta: { errorDialog: false }, // the screen says so itself, with Try again
  });

export function useDebugLog() {
  return useQuery(debugLogQueryOptions());
}
