import { ActionIcon, Group, Progress, Text, Tooltip } from '@mantine/core';
import type { GeneratedFileRow } from '@openrescue/shared';
import { IconDownload } from '@tabler/icons-react';
import { downloadPercent, useFileDownload } from '../api/download-generated-file';

/** Kilobytes for the meter's text while the total is unknown. */
const kb = (bytes: number) => `${(bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024))).toLocaleString('en-US')} KB`;

/** One file's download: a button, and while it runs a progress meter read against Content-Length. */
export function FileDownloadButton({
  row,
  withLabel = false,
}: {
  row: Pick<GeneratedFileRow, 'id' | 'file_type' | 'file_uri'>;
  withLabel?: boolean;
}) {
  const { progress, start } = useFileDownload(row);
  const percent = progress ? downloadPercent(progress) : null;
  // A failed render stores no document: nothing to download.
  const stored = row.file_uri !== null;
  const label = stored ? `Download file ${row.id} (${row.file_type})` : `File ${row.id} has no stored document`;
  const text = !progress ? '' : percent === null ? kb(progress.loaded) : `${percent}%`;
  return (
    <Group gap={6} wrap="nowrap" data-testid="file-download">
      <Tooltip label={label} disabled={withLabel} withinPortal>
        <ActionIcon
          variant={withLabel ? 'filled' : 'light'}
          size={withLabel ? 'lg' : 'md'}
          onClick={start}
          disabled={progress !== null || !stored}
          aria-label={label}
        >
          <IconDownload size={16} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
      {withLabel && !progress && (
        <Text size="sm" c={stored ? undefined : 'dimmed'}>
          {stored ? `Download .${row.file_type}` : 'No stored document (the render failed)'}
        </Text>
      )}
      {progress && (
        <Group gap={4} wrap="nowrap">
          <Progress.Root w={withLabel ? 120 : 40} size="md">
            <Progress.Section
              value={percent ?? 100}
              striped={percent === null}
              animated={percent === null}
              withAria={false}
              role="progressbar"
              aria-label={`Downloading file ${row.id}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent ?? undefined}
              aria-valuetext={text}
              data-testid="download-progress"
            />
          </Progress.Root>
          <Text size="xs" c="dimmed" miw={30} aria-hidden="true">
            {text}
          </Text>
        </Group>
      )}
    </Group>
  );
}
