import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { saveFile } from '../lib/save-file';
import { showApiError } from '../lib/show-api-error';

/** Fetches a file the server builds (a spreadsheet, a CSV) and saves it; a failure opens the error dialog. */
export function DownloadButton({
  load,
  fileName,
  children = 'Download',
}: {
  load: () => Promise<Blob>;
  fileName: string;
  children?: ReactNode;
}) {
  const download = useMutation({
    mutationFn: load,
    onSuccess: (blob) => saveFile(blob, fileName),
    onError: (error) => showApiError(error),
  });
  return (
    <Button
      leftSection={<IconDownload size={16} aria-hidden="true" />}
      onClick={() => download.mutate()}
      loading={download.isPending}
    >
      {children}
    </Button>
  );
}
