import { type Job, type JobList, jobsPaths } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

/** A row of GET {ops}/table/Jobs (decision 0001), newest first. */
export type { Job };

export async function getJobs(signal?: AbortSignal): Promise<Job[]> {
  const response = await api.get<Partial<JobList>>(apiUrl(jobsPaths.jobs), { signal });
  return response?.data ?? [];
}

export const jobsQueryOptions = () =>
  queryOptions({
    queryKey: ['ops', 'jobs'],
    queryFn: ({ signal }) => getJobs(signal),
    staleTime: 0, // the panel always shows the current state when opened
  });

export function useJobs(enabled: boolean) {
  return useQuery({ ...jobsQueryOptions(), enabled });
}
