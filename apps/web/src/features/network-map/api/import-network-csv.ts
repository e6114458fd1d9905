import {
  type LiveJob,
  type NetworkImportBody,
  type NetworkImportJob,
  type NetworkImportPreview,
  networkPaths,
  pathTo,
} from '@openrescue/shared';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';

/** POST {core}/api/network/import/preview (staff, decision 0054): what importing the file would do; writes nothing. */
export function previewNetworkImport(body: NetworkImportBody) {
  return api.post<NetworkImportPreview>(apiUrl(networkPaths.importPreview), body);
}

/** POST {core}/api/network/import: the same file as a job network_import_{n}. */
export function startNetworkImport(body: NetworkImportBody) {
  return api.post<{ job: LiveJob }>(apiUrl(networkPaths.importStart), body);
}

const ended = (job: LiveJob | undefined) => job?.status === 'succeeded' || job?.status === 'failed';

/** GET {core}/api/network/import/{id}, every second until the job has ended. */
export function useNetworkImportJob(id: string | null) {
  return useQuery({
    queryKey: ['network', 'import', id],
    queryFn: ({ signal }) => api.get<NetworkImportJob>(apiUrl(pathTo(networkPaths.importJob, { id: id! })), { signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (ended(query.state.data?.job) ? false : 1000),
  });
}
