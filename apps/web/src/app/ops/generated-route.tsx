import { Group, Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header';
import { useGeneratedFiles } from '../../features/generated-files/api/find-generated-files';
import { DownloadAllButton } from '../../features/generated-files/components/download-all-button';
import { FileCount } from '../../features/generated-files/components/file-count';
import { FileDetailsDrawer } from '../../features/generated-files/components/file-details-drawer';
import { GeneratedFilesList } from '../../features/generated-files/components/generated-files-list';
import { GeneratedFiltersDrop, StageFilterControl } from '../../features/generated-files/components/generated-filters';
import { useGeneratedFilesUrl } from '../../features/generated-files/hooks/use-generated-files-url';
import { useLookupNames } from '../../lib/lookups';

/** /ops/reports/generated: Generated Files (spec 2.4) — count, Download-all, filters, the files and their details. */
export function GeneratedRoute() {
  const url = useGeneratedFilesUrl();
  const query = useGeneratedFiles(url.filters);
  const names = useLookupNames();
  const listed = url.openFileId === null ? undefined : query.data?.rows.find((r) => r.id === url.openFileId);

  return (
    <Stack gap={0}>
      <PageHeader
        title="Generated Files"
        description={<FileCount query={query} />}
        actions={
          <Group gap="sm" align="flex-end" wrap="wrap">
            <StageFilterControl value={url.filters.stage} onChange={url.setStage} />
            <GeneratedFiltersDrop
              filters={url.filters}
              onCompany={url.setCompany}
              onReceiver={url.setReceiver}
              onMonth={url.setMonth}
            />
            <DownloadAllButton filters={url.filters} disabled={!query.data || query.data.rows.length === 0} />
          </Group>
        }
      />
      <GeneratedFilesList query={query} names={names} onOpen={url.openFile} />
      <FileDetailsDrawer id={url.openFileId} listed={listed} names={names} onClose={url.closeFile} />
    </Stack>
  );
}
