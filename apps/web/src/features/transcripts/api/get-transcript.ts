import { pathTo, type TranscriptDetail, transcriptsPaths } from '@openrescue/shared';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { ApiRequestError } from '../../../lib/api-errors';

export type { TranscriptDetail };

/** GET {core}/api/product/calls/transcripts/{id}: one call; a missing one is null. */
export async function getTranscript(id: string, signal?: AbortSignal): Promise<TranscriptDetail | null> {
  try {
    return await api.get<TranscriptDetail>(apiUrl(pathTo(transcriptsPaths.call, { id })), { signal });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}

export function useTranscript(id: string | undefined) {
  return useQuery({
    queryKey: ['detail', 'transcript', id],
    queryFn: ({ signal }) => getTranscript(id!, signal),
    enabled: Boolean(id),
    // A call whose analysis job has not run yet is asked again until it has (decision 0039).
    refetchInterval: (query) => (query.state.data?.analysis_status === 'pending' ? 2000 : false),
    meta: { errorDialog: false },
  });
}
