import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { toApiError } from '../../../lib/api-errors';
import { showErrorDialog } from '../../../lib/error-events';
import { getProductName } from '../../../lib/product-name';
import { posterPath } from './get-poster';
import { saveFile } from '../../../lib/save-file';

export interface PosterDownload {
  storeId: string;
  month: string;
  /** poster_{date}.pdf, as the server names it (carried in the poster JSON). */
  fileName: string;
}

/** GET {core}/api/reports/poster/{storeId}.pdf with the bearer token, saved as poster_{date}.pdf. */
export async function downloadPoster({ storeId, month, fileName }: PosterDownload): Promise<void> {
  const blob = await api.get<Blob>(`${posterPath(storeId)}.pdf`, { query: { month }, responseType: 'blob' });
  saveFile(blob, fileName);
}

export function useDownloadPoster() {
  return useMutation({
    mutationFn: downloadPoster,
    onError: (error) => {
      const e = toApiError(error, getProductName());
      showErrorDialog({ title: 'Download failed', type: e.type, message: e.message, detail: e.detail });
    },
  });
}
