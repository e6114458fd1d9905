import { DownloadButton } from '../../../components/download-button';
import { downloadStipendReport, stipendFileName, type StipendFilters } from '../api/get-stipend';

/** Saves the stipend report spreadsheet for the current filters. */
export function StipendDownloadButton({ filters }: { filters: StipendFilters }) {
  return <DownloadButton load={() => downloadStipendReport(filters)} fileName={stipendFileName(filters)} />;
}
