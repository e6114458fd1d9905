import { Button } from '@mantine/core';
import { IconFileZip } from '@tabler/icons-react';
import { generatedZipHref } from '../api/generated-zip';
import type { GeneratedFilesFilters } from '../lib/filters';

/**
 * Download-all: a plain link to the zip of every stored file the filters match. The browser streams it to disk
 * with the session cookie; the server names it.
 */
export function DownloadAllButton({ filters, disabled }: { filters: GeneratedFilesFilters; disabled: boolean }) {
  if (disabled) {
    return (
      <Button leftSection={<IconFileZip size={16} aria-hidden="true" />} disabled>
        Download all
      </Button>
    );
  }
  return (
    <Button
      component="a"
      href={generatedZipHref(filters)}
      download
      leftSection={<IconFileZip size={16} aria-hidden="true" />}
      data-testid="download-all"
    >
      Download all
    </Button>
  );
}
