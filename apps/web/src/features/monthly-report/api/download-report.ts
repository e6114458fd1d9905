import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { monthlyReportXlsxPath } from './get-monthly-report';
import { saveFile } from '../../../lib/save-file';
import type { ReportKind } from './types';
import { showTitledApiError } from '../../../lib/show-api-error';

export interface ReportDownload {
  kind: ReportKind;
  id: string;
  month: string;
  /** The server's name for the file (the JSON carries it: the API client does not expose response headers). */
  fileName: string;
  /** A read-only public link's credential, sent instead of the signed-in user's token. */
  bearer?: string;
}

/** GET {core}/api/reports/monthly/{kind}/{id}.xlsx with the bearer token, saved under the server's name. */
export async function downloadMonthlyReport({ kind, id, month, fileName, bearer }: ReportDownload): Promise<void> {
  const blob = await api.get<Blob>(monthlyReportXlsxPath(kind, id), {
    query: { month },
    responseType: 'blob',
    bearer,
  });
  saveFile(blob, fileName);
}

export function useDownloadMonthlyReport() {
  return useMutation({
    mutationFn: downloadMonthlyReport,
    onError: (error) => showTitledApiError('Download failed', error),
  });
}
