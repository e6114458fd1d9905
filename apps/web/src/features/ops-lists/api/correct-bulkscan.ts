import { auditPaths, type BulkScanCorrection, pathTo } from '@openrescue/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import type { BulkScanRow } from './get-bulkscans';

/** PATCH {core}/api/bulkscan/{id}: weight, department and/or date, with a reason (issue 36, decision 0061). */
export function correctBulkScan(id: number, body: BulkScanCorrection) {
  return api.request<{ before: BulkScanRow; after: BulkScanRow }>(apiUrl(pathTo(auditPaths.bulkScan, { id })), {
    method: 'PATCH',
    body,
  });
}

/** DELETE {core}/api/bulkscan/{id} with { reason }. */
export function deleteBulkScan(id: number, reason: string) {
  return api.request<{ deleted: BulkScanRow }>(apiUrl(pathTo(auditPaths.bulkScan, { id })), {
    method: 'DELETE',
    body: { reason },
  });
}

/**
 * After a correction every total may differ (lists, dashboards, reports, the audit trail): every query is asked
 * again, so whatever is on screen follows at once. Errors are shown by the form itself.
 */
function useAfterChange() {
  const client = useQueryClient();
  return () => void client.invalidateQueries();
}

export function useCorrectBulkScan() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BulkScanCorrection }) => correctBulkScan(id, body),
    onSuccess: after,
  });
}

export function useDeleteBulkScan() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => deleteBulkScan(id, reason),
    onSuccess: after,
  });
}
