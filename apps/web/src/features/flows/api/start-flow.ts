import { type FlowId, flowJobName, flowPath, type FlowStartResult, jobAlreadyInQueueMessage } from '@openrescue/shared';
import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { ApiRequestError, toApiError } from '../../../lib/api-errors';
import { showErrorDialog } from '../../../lib/error-events';
import { getProductName } from '../../../lib/product-name';
import { notify } from '../../../lib/toasts';

export const FLOWS_DIALOG_TITLE = 'Flows';

/** POST {ops}/flow/triggerBulkScanToDonationFlow or POST {ops}/trigger/sproc/{id} (spec 7.5): no body; names the job. */
export async function startFlow(id: FlowId): Promise<FlowStartResult> {
  return api.post<FlowStartResult>(apiUrl(flowPath(id)));
}

/** A run of the same flow already queued: 'Job already in queue: flow_{id}' (as publishing); anything else as it came. */
export function showFlowError(error: unknown, id: FlowId) {
  const e = toApiError(error, getProductName());
  const message =
    error instanceof ApiRequestError && error.status === 409 ? jobAlreadyInQueueMessage(flowJobName(id)) : e.message;
  showErrorDialog({ title: FLOWS_DIALOG_TITLE, type: e.type, message, detail: e.detail });
}

export function useStartFlow(onStarted?: (result: FlowStartResult) => void) {
  return useMutation({
    mutationFn: startFlow,
    onSuccess: (result) => {
      notify({ title: FLOWS_DIALOG_TITLE, message: `${result.job.id} started.`, type: 'success' });
      onStarted?.(result);
    },
    onError: (error, id) => showFlowError(error, id),
  });
}
