import { Group, Paper, Text } from '@mantine/core';
import { formatDateTime, type GeneratedFileRow } from '@openrescue/shared';
import { memo } from 'react';
import type { Names } from '../../../lib/lookups';
import { useWindowRows } from '../../../lib/use-window-rows';
import { FileDownloadButton } from './file-download-button';
import { DetailsButton, type FileViewProps } from './generated-files-table';
import classes from './generated-files.module.css';
import { CorrectedNote } from './corrected-note';
import { StatusDot } from './status-dot';

const CARD_HEIGHT = 112;

const FileCard = memo(function FileCard({
  row,
  names,
  onOpen,
}: {
  row: GeneratedFileRow;
  names: Names;
  onOpen: (id: number) => void;
}) {
  const who = [names.company(row.company_id), names.store(row.store_id), names.receiver(row.receiver_id)].filter(
    (n) => n !== '—',
  );
  return (
    <div className={classes.card}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap">
          <Text size="xs" c="dimmed" span>
            Publish file ID
          </Text>
          <DetailsButton row={row} onOpen={onOpen} />
        </Group>
        <StatusDot status={row.file_status} />
      </Group>
      <Text size="sm" fw={500} className={classes.wrap}>
        {who.join(' · ') || '—'}
      </Text>
      <CorrectedNote row={row} />
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" c="dimmed" className={classes.clip}>
          <Text span ff="monospace" size="xs">
            {row.file_type}
          </Text>
          {` · ${row.entry_date} · ${formatDateTime(row.creation_time)}`}
        </Text>
        <FileDownloadButton row={row} />
      </Group>
    </div>
  );
});

/** The files as cards on a narrow screen (no sideways scrolling), virtualised like the table. */
export function GeneratedFilesCards({ rows, names, onOpen }: FileViewProps) {
  const { ref, items, before, after, measureElement } = useWindowRows<HTMLUListElement>(
    rows.length,
    CARD_HEIGHT,
    (i) => rows[i].id,
  );
  return (
    <Paper
      withBorder
      radius="md"
      component="ul"
      aria-label="Generated files"
      className={classes.cards}
      ref={ref}
      style={{ paddingTop: before, paddingBottom: after }}
    >
      {items.map((item) => (
        <li
          key={item.key}
          data-index={item.index}
          ref={measureElement}
          aria-setsize={rows.length}
          aria-posinset={item.index + 1}
          className={classes.cardItem}
          data-testid="generated-file-card"
          data-file-id={rows[item.index].id}
        >
          <FileCard row={rows[item.index]} names={names} onOpen={onOpen} />
        </li>
      ))}
    </Paper>
  );
}
