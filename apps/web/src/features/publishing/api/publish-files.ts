import {
  appsheetActionPath,
  jobAlreadyInQueueMessage,
  PUBLISH_DIALOG_TITLE,
  type PublishBatchResult,
  type PublishFileFindResult,
  type PublishFileRow,
  publishingPaths,
} from '@openrescue/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { ApiRequestError, toApiError } from '../../../lib/api-errors';
import { showErrorDialog } from '../../../lib/error-events';
import { getProductName } from '../../../lib/product-name';

export type { PublishFileRow };

/** Spec 7.1 sends these with every AppSheet call. */
const PROPERTIES = { Locale: 'en-US', Timezone: 'Pacific Standard Time' } as const;

/** POST {ops}/appsheet/table/PublishFile/action (Find): the report files the selector finds. */
export async function findPublishFiles(selector: string, signal?: AbortSignal): Promise<PublishFileFindResult> {
  return api.post<PublishFileFindResult>(
    apiUrl(appsheetActionPath('PublishFile')),
    { Action: 'Find', Properties: { ...PROPERTIES, Selector: selector } },
    { signal },
  );
}

export function usePublishFiles(selector: string) {
  return useQuery({
    queryKey: ['publishing', 'files', selector],
    queryFn: ({ signal }) => findPublishFiles(selector, signal),
    placeholderData: keepPreviousData,
    meta: { errorDialog: false },
  });
}

export interface PublishRequest {
  taskName: string;
  ids: number[];
  parallel: number;
}

/** POST {ops}/appsheet/table/PublishFile/batchAction (AdvanceSingleFileChangeTime): starts one server-side job. */
export async function startPublish({ taskName, ids, parallel }: PublishRequest): Promise<PublishBatchResult> {
  return api.post<PublishBatchResult>(apiUrl(publishingPaths.batchAction), {
    Action: 'AdvanceSingleFileChangeTime',
    Properties: { ...PROPERTIES, TaskName: taskName, ParallelRequests: parallel },
    Rows: ids.map((id) => ({ id })),
  });
}

/** Spec 8 "Publish": a job of that name already queued shows 'Publish Files' / 'Job already in queue: {job}'. */
export function showPublishError(error: unknown, taskName: string) {
  const e = toApiError(error, getProductName());
  if (error instanceof ApiRequestError && error.status === 409) {
    showErrorDialog({
      title: PUBLISH_DIALOG_TITLE,
      type: e.type,
      message: jobAlreadyInQueueMessage(taskName),
      detail: '',
    });
    return;
  }
  showErrorDialog({ title: PUBLISH_DIALOG_TITLE, type: e.type, message: e.message, detail: e.detail });
}

export function useStartPublish() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: startPublish,
    onError: (error, request) => showPublishError(error, request.taskName),
    onSettled: () => client.invalidateQueries({ queryKey: ['publishing', 'files'] }),
  });
}
