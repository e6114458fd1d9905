import { Alert, Badge, Center, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { fileStatusParts, formatDateTime, formatNumber, type GeneratedFileRow } from '@openrescue/shared';
import { FieldList } from '../../../components/field-list';
import { useGeneratedFile } from '../api/get-generated-file';
import type { Names } from '../../../lib/lookups';
import { useMediaMatch } from '../../../lib/use-media-match';
import { FileDownloadButton } from './file-download-button';
import { CorrectedNote } from './corrected-note';
import { StatusDot } from './status-dot';

const named = (id: number | null, name: (id: number | null) => string) => (id === null ? null : `${name(id)} (#${id})`);

/** Whose file it is: the receiver, else the store, else the company (a company file has neither). */
export function fileOwner(row: GeneratedFileRow, names: Names): string {
  const owner = [names.receiver(row.receiver_id), names.store(row.store_id), names.company(row.company_id)].find(
    (name) => name !== '—',
  );
  return owner ?? `Generated file ${row.id}`;
}

/** Every field of a generated file (spec 2.4 "Row details show all fields"). */
function FileDetails({ row, names }: { row: GeneratedFileRow; names: Names }) {
  const status = fileStatusParts(row.file_status);
  return (
    <Stack gap="lg" data-testid="generated-file-details">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h4">{`${fileOwner(row, names)} · ${row.entry_date}`}</Title>
        <StatusDot status={row.file_status} />
      </Group>
      <CorrectedNote row={row} />
      <FileDownloadButton row={row} withLabel />
      <FieldList
        label="File"
        fields={[
          ['ID', row.id],
          ['Publish file ID', row.publish_file_id],
          ['Company', named(row.company_id, names.company)],
          ['Store', named(row.store_id, names.store)],
          ['Receiver', named(row.receiver_id, names.receiver)],
          ['Type (extension)', row.file_type],
          ['Entry date', row.entry_date],
          ['Creation time', `${formatDateTime(row.creation_time, { zone: true })} (${row.creation_time})`],
          ['File status', row.file_status],
          ['Stage', status.stage],
          ['Step', status.step],
          ['Result', status.result],
          ['File URI', row.file_uri],
          ['Version', row.version],
          ['Size', row.byte_size === null ? null : `${formatNumber(row.byte_size)} bytes`],
          ['Error', row.error],
        ]}
      />
    </Stack>
  );
}

export interface FileDetailsDrawerProps {
  /** The open file (?file= in the address), or null. */
  id: number | null;
  /** The row when the list has it. */
  listed: GeneratedFileRow | undefined;
  names: Names;
  onClose: () => void;
}

/** The row details as a drawer: Escape or the close button closes it, focus returns to the row. */
export function FileDetailsDrawer({ id, listed, names, onClose }: FileDetailsDrawerProps) {
  const narrow = useMediaMatch('(max-width: 40em)');
  const query = useGeneratedFile(id, listed);
  const row = listed ?? query.data ?? null;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'md'}
      padding="md"
      title={id === null ? 'Generated file' : `Generated file ${id}`}
      data-testid="generated-file-drawer"
    >
      {row ? (
        <FileDetails row={row} names={names} />
      ) : query.isPending && query.fetchStatus !== 'idle' ? (
        <Center py="xl" aria-busy="true">
          <Loader role="status" aria-label="Loading the file" />
        </Center>
      ) : query.isError ? (
        <Alert color="red" variant="light" role="alert" title="The file could not be loaded">
          {query.error instanceof Error ? query.error.message : 'Something went wrong'}
        </Alert>
      ) : (
        <Stack gap="xs">
          <Badge color="gray" variant="light">
            Not found
          </Badge>
          <Text>{`There is no generated file ${id ?? ''} (it may have been removed).`}</Text>
        </Stack>
      )}
    </Drawer>
  );
}
