import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { toApiError } from '../../../lib/api-errors';
import { showErrorDialog } from '../../../lib/error-events';
import { getProductName } from '../../../lib/product-name';
import { saveFile } from '../../../lib/save-file';
import { downloadStipendReport, stipendFileName, type StipendFilters } from '../api/get-stipend';

/** Saves the stipend report spreadsheet for the current filters. */
export function StipendDownloadButton({ filters }: { filters: StipendFilters }) {
  const download = useMutation({
    mutationFn: () => downloadStipendReport(filters),
    onSuccess: (blob) => saveFile(blob, stipendFileName(filters)),
    onError: (error) => {
      const e = toApiError(error, getProductName());
      showErrorDialog({ type: e.type, message: e.message, detail: e.detail });
    },
  });
  return (
    <Button
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      onClick={() => download.mutate()}
      loading={download.isPending}
    >
      Download
    </Button>
  );
}
