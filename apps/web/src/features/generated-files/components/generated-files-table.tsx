import { Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { formatDateTime, type GeneratedFileRow } from '@openrescue/shared';
import { memo } from 'react';
import type { Names } from '../../../lib/lookups';
import { useWindowRows } from '../../../lib/use-window-rows';
import { FileDownloadButton } from './file-download-button';
import classes from './generated-files.module.css';
import { CorrectedNote } from './corrected-note';
import { StatusDot } from './status-dot';

const ROW_HEIGHT = 44;
/** Column widths (px); the three name columns share what is left. Below MIN_WIDTH the table scrolls in its box. */
const COLUMNS: Array<[label: string, width: number | undefined]> = [
  ['Publish file ID', 84],
  ['Company', undefined],
  ['Store', undefined],
  ['Receiver', undefined],
  ['Type', 52],
  ['Entry date', 104],
  ['Creation time', 120],
  ['Status', 100],
  ['Download', 124],
];
const NAME_MIN_WIDTH = 104;
const MIN_WIDTH = COLUMNS.reduce((sum, [, w]) => sum + (w ?? NAME_MIN_WIDTH), 0);

export interface FileViewProps {
  rows: GeneratedFileRow[];
  names: Names;
  onOpen: (id: number) => void;
}

/** The publish file ID, as the button that opens the row's details. */
export function DetailsButton({ row, onOpen }: { row: GeneratedFileRow; onOpen: (id: number) => void }) {
  return (
    <UnstyledButton className={classes.idButton} onClick={() => onOpen(row.id)} aria-haspopup="dialog">
      {row.publish_file_id}
      <VisuallyHidden component="span">{`, details of ${row.file_type} file ${row.id}`}</VisuallyHidden>
    </UnstyledButton>
  );
}

/** 'Nov 21, 2026' over '7:46 PM' (America/Vancouver), so the column stays narrow. */
function CreationTime({ iso }: { iso: string }) {
  const text = formatDateTime(iso);
  const cut = text.lastIndexOf(', ');
  return (
    <Text size="xs" lh={1.3} span className={classes.twoLines} title={text}>
      {cut > 0 ? (
        <>
          {text.slice(0, cut)}
          <br />
          {text.slice(cut + 2)}
        </>
      ) : (
        text
      )}
    </Text>
  );
}

/** A name cell: the whole name, wrapped over as many lines as it needs (never cut short). */
function NameCell({ text }: { text: string }) {
  return <Table.Td className={classes.name}>{text}</Table.Td>;
}

const FileRow = memo(function FileRow({
  row,
  names,
  onOpen,
  index,
  measure,
}: {
  row: GeneratedFileRow;
  names: Names;
  onOpen: (id: number) => void;
  index: number;
  /** The virtualizer's measure: a row with a long name is taller than ROW_HEIGHT. */
  measure: (node: Element | null) => void;
}) {
  return (
    <Table.Tr
      ref={measure}
      data-index={index}
      className={classes.row}
      aria-rowindex={index + 2}
      data-testid="generated-file-row"
      data-file-id={row.id}
    >
      <Table.Td className={classes.sticky}>
        <DetailsButton row={row} onOpen={onOpen} />
      </Table.Td>
      <NameCell text={names.company(row.company_id)} />
      <NameCell text={names.store(row.store_id)} />
      <NameCell text={names.receiver(row.receiver_id)} />
      <Table.Td>
        <Text size="sm" ff="monospace" span>
          {row.file_type}
        </Text>
      </Table.Td>
      <Table.Td>{row.entry_date}</Table.Td>
      <Table.Td>
        <CreationTime iso={row.creation_time} />
      </Table.Td>
      <Table.Td>
        <StatusDot status={row.file_status} />
        <CorrectedNote row={row} />
      </Table.Td>
      <Table.Td>
        <FileDownloadButton row={row} />
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * Spec 2.4's columns, one row per listed file. Only the rows near the viewport are in the page (lists reach
 * thousands); empty rows above and below keep the page's height, so the page scrollbar stays true.
 */
export function GeneratedFilesTable({ rows, names, onOpen }: FileViewProps) {
  const { ref, items, before, after, measureElement } = useWindowRows<HTMLTableSectionElement>(
    rows.length,
    ROW_HEIGHT,
    (i) => rows[i].id,
  );
  return (
    <Table.ScrollContainer
      minWidth={MIN_WIDTH}
      type="native"
      className={classes.scroll}
      tabIndex={0}
      role="region"
      aria-label="Generated files table"
    >
      <Table
        className={classes.table}
        verticalSpacing={0}
        horizontalSpacing={8}
        aria-label="Generated files"
        aria-rowcount={rows.length + 1}
      >
        <colgroup>
          {COLUMNS.map(([label, width]) => (
            <col key={label} style={width ? { width } : undefined} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {COLUMNS.map(([label], i) => (
              <Table.Th
                key={label}
                scope="col"
                className={i === 0 ? `${classes.sticky} ${classes.head}` : classes.head}
              >
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={ref}>
          {before > 0 && (
            <tr className={classes.spacer} aria-hidden="true">
              <td colSpan={COLUMNS.length} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => (
            <FileRow
              key={item.key}
              row={rows[item.index]}
              names={names}
              onOpen={onOpen}
              index={item.index}
              measure={measureElement}
            />
          ))}
          {after > 0 && (
            <tr className={classes.spacer} aria-hidden="true">
              <td colSpan={COLUMNS.length} style={{ height: after }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
