import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { LIST_QUERY_KEY } from '../../../lib/list-record';
import { apiFilters, otherSentiment, type TranscriptFilterState } from '../lib/transcript-filters';
import { TRANSCRIPTS_URL } from './get-transcripts';

/**
 * How many calls the Sentiment Score filter hides: the same list with the other sentiment, one row, its `count`
 * (GET {core}/api/product/calls/transcripts, spec 7.5). Keyed under the list screens' key, so whatever refreshes the
 * lists refreshes it.
 */
export async function countHiddenCalls(filters: TranscriptFilterState, signal?: AbortSignal): Promise<number> {
  const response = await api.get<{ count?: unknown } | null>(TRANSCRIPTS_URL, {
    signal,
    query: { ...apiFilters({ ...filters, sentiment: otherSentiment(filters.sentiment) }), page_size: 1 },
  });
  return typeof response?.count === 'number' ? response.count : 0;
}

export const hiddenCallsQueryOptions = (filters: TranscriptFilterState) =>
  queryOptions({
    queryKey: [LIST_QUERY_KEY, 'transcripts-hidden', filters],
    queryFn: ({ signal }) => countHiddenCalls(filters, signal),
    meta: { errorDialog: false }, // a hint: when it cannot be counted, the list says nothing more
  });

export function useHiddenCalls(filters: TranscriptFilterState) {
  return useQuery(hiddenCallsQueryOptions(filters));
}
