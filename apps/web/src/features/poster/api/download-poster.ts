import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { posterPdfPath } from './get-poster';
import { saveFile } from '../../../lib/save-file';
import { showTitledApiError } from '../../../lib/show-api-error';

export interface PosterDownload {
  storeId: string;
  month: string;
  /** poster_{date}.pdf, as the server names it (carried in the poster JSON). */
  fileName: string;
  /** A read-only public link's credential, sent instead of the signed-in user's token. */
  bearer?: string;
}

/** GET {core}/api/reports/poster/{storeId}.pdf with the bearer token, saved as poster_{date}.pdf. */
export async function downloadPoster({ storeId, month, fileName, bearer }: PosterDownload): Promise<void> {
  const blob = await api.get<Blob>(posterPdfPath(storeId), { query: { month }, responseType: 'blob', bearer });
  saveFile(blob, fileName);
}

export function useDownloadPoster() {
  return useMutation({
    mutationFn: downloadPoster,
    onError: (error) => showTitledApiError('Download failed', error),
  });
}
