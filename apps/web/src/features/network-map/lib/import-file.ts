import { type NetworkImportRejected, rejectionReportCsv } from '@openrescue/shared';

/** The file's bytes as base64, as the import's body carries them (any encoding: the server detects it). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Saves the rejection report (the same CSV as the command line writes) as `<file>.rejected.csv`. */
export function downloadRejections(fileName: string, rejected: readonly NetworkImportRejected[]) {
  const url = URL.createObjectURL(new Blob([rejectionReportCsv(rejected)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${fileName}.rejected.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
