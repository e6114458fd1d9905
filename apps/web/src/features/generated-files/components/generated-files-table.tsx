import { Table, Text, UnstyledButton } from '@mantine/core';
import { formatDateTime, type GeneratedFileRow } from '@openrescue/shared';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import type { Names } from '../hooks/use-names';
import { FileDownloadButton } from './file-download-button';
import classes from './generated-files.module.css';
import { StatusDot } from './status-dot';

const ROW_HEIGHT = 44;
/** Column widths (px); the table scrolls inside its own box below their sum. */
const COLUMNS: Array<[label: string, width: number]> = [
  ['Publish file ID', 120],
  ['Company', 170],
  ['Store', 170],
  ['Receiver', 190],
  ['Type', 64],
  ['Entry date', 108],
  ['Creation time', 190],
  ['Status', 112],
  ['Download', 132],
];
const MIN_WIDTH = COLUMNS.reduce((sum, [, w]) => sum + w, 0);

export interface GeneratedFilesTableProps {
  rows: GeneratedFileRow[];
  names: Names;
  onOpen: (id: number) => void;
}

/** A cell that may be cut short: the whole text stays readable on hover. */
function Clipped({ text }: { text: string }) {
  return <Table.Td title={text}>{text}</Table.Td>;
}

const FileRow = memo(function FileRow({ row, names, onOpen, index }: { row: GeneratedFileRow; names: Names; onOpen: (id: number) => void; index: number }) {
  return (
    <Table.Tr className={classes.row} aria-rowindex={index + 2} data-testid="generated-file-row" data-file-id={row.id}>
      <Table.Td className={classes.sticky}>
        <UnstyledButton className={classes.idButton} onClick={() => onOpen(row.id)} aria-haspopup="dialog">
          {row.publish_file_id}
          <span className={classes.srOnly}>{`, details of ${row.file_type} file ${row.id}`}</span>
        </UnstyledButton>
      </Table.Td>
      <Clipped text={names.company(row.company_id)} />
      <Clipped text={names.store(row.store_id)} />
      <Clipped text={names.receiver(row.receiver_id)} />
      <Table.Td><Text size="sm" ff="monospace" span>{row.file_type}</Text></Table.Td>
      <Table.Td>{row.entry_date}</Table.Td>
      <Table.Td>{formatDateTime(row.creation_time)}</Table.Td>
      <Table.Td><StatusDot status={row.file_status} /></Table.Td>
      <Table.Td><FileDownloadButton row={row} /></Table.Td>
    </Table.Tr>
  );
});

/**
 * Spec 2.4's columns, one row per listed file. Only the rows near the viewport are in the page (lists reach
 * thousands); empty rows above and below keep the page's height, so the page scrollbar stays true.
 */
export function GeneratedFilesTable({ rows, names, onOpen }: GeneratedFilesTableProps) {
  const bodyRef = useRef<HTMLTableSectionElement | null>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const node = bodyRef.current;
      if (node) setScrollMargin(node.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [rows.length]);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    scrollMargin,
    getItemKey: (index) => rows[index].id,
  });
  const items = virtualizer.getVirtualItems();
  const before = items.length > 0 ? items[0].start - scrollMargin : 0;
  const after = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1].end - scrollMargin) : 0;

  return (
    <Table.ScrollContainer minWidth={MIN_WIDTH} type="native" className={classes.scroll} tabIndex={0} role="region" aria-label="Generated files table, scrolls sideways">
      <Table className={classes.table} verticalSpacing={0} aria-label="Generated files" aria-rowcount={rows.length + 1}>
        <colgroup>
          {COLUMNS.map(([label, width]) => <col key={label} style={{ width }} />)}
        </colgroup>
        <Table.Thead>
          <Table.Tr aria-rowindex={1}>
            {COLUMNS.map(([label], i) => (
              <Table.Th key={label} scope="col" className={i === 0 ? classes.sticky : undefined}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={bodyRef}>
          {before > 0 && <tr className={classes.spacer} aria-hidden="true"><td colSpan={COLUMNS.length} style={{ height: before }} /></tr>}
          {items.map((item) => <FileRow key={item.key} row={rows[item.index]} names={names} onOpen={onOpen} index={item.index} />)}
          {after > 0 && <tr className={classes.spacer} aria-hidden="true"><td colSpan={COLUMNS.length} style={{ height: after }} /></tr>}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
