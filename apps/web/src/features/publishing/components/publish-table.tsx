import { ActionIcon, Badge, Checkbox, Menu, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatDateTime, publishFileTypeLetter, type PublishFileRow } from '@openrescue/shared';
import { IconDots, IconFlag, IconPlayerPlay } from '@tabler/icons-react';
import type { Names } from '../../../lib/lookups';
import { useWindowRows } from '../../../lib/use-window-rows';
import classes from './publish-table.module.css';

/** Where a row stands in the run the screen started: queued, completed or failed. */
export type RowRunState = 'queued' | 'completed' | 'failed';

export interface PublishTableProps {
  rows: PublishFileRow[];
  names: Names;
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  onToggleAll: (on: boolean) => void;
  startAtId: number | null;
  runState: (id: number) => RowRunState | undefined;
  onProcessSingle: (id: number) => void;
  onSetQueueStart: (id: number) => void;
}

const RUN_BADGE: Record<RowRunState, { color: string; label: string }> = {
  queued: { color: 'blue.8', label: 'queued' },
  completed: { color: 'rescue.7', label: 'completed' },
  failed: { color: 'red.9', label: 'failed' },
};

const COLUMN_COUNT = 10;

const date = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/** Spec 2.3: id, company, store, receiver, entry date, change time, type (R/P), and each row's menu. */
export function PublishTable({
  rows,
  names,
  selected,
  onToggle,
  onToggleAll,
  startAtId,
  runState,
  onProcessSingle,
  onSetQueueStart,
}: PublishTableProps) {
  const { ref, items, before, after, measureElement } = useWindowRows<HTMLTableSectionElement>(
    rows.length,
    56,
    (i) => rows[i].id,
  );
  const allOn = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const someOn = rows.some((r) => selected.has(r.id));
  return (
    <Table.ScrollContainer minWidth={860} className={classes.scroll}>
      <Table highlightOnHover verticalSpacing={6} aria-label="Report files" aria-rowcount={rows.length + 1}>
        <Table.Thead className={classes.head}>
          <Table.Tr aria-rowindex={1}>
            <Table.Th w={36}>
              <Checkbox
                aria-label="Select every file"
                checked={allOn}
                indeterminate={someOn && !allOn}
                onChange={(e) => onToggleAll(e.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th>id</Table.Th>
            <Table.Th>company</Table.Th>
            <Table.Th>store</Table.Th>
            <Table.Th>receiver</Table.Th>
            <Table.Th>entry date</Table.Th>
            <Table.Th>change time</Table.Th>
            <Table.Th>type</Table.Th>
            <Table.Th>status</Table.Th>
            <Table.Th w={44}>
              <VisuallyHidden component="span">Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={ref}>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMN_COUNT} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            const state = runState(row.id);
            const letter = publishFileTypeLetter(row.file_type);
            return (
              <Table.Tr
                key={row.id}
                ref={measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                data-state={state}
                className={state === 'completed' ? classes.completed : undefined}
                aria-selected={selected.has(row.id)}
              >
                <Table.Td>
                  <Checkbox
                    aria-label={`Select file ${row.id}`}
                    checked={selected.has(row.id)}
                    onChange={() => onToggle(row.id)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} span>
                    {row.id}
                  </Text>
                  {startAtId === row.id && (
                    <Tooltip label="Queue start">
                      <IconFlag size={14} className={classes.flag} aria-label="queue start" role="img" />
                    </Tooltip>
                  )}
                </Table.Td>
                <Table.Td>{names.company(row.company_id)}</Table.Td>
                <Table.Td>{names.store(row.store_id)}</Table.Td>
                <Table.Td>{names.receiver(row.receiver_id)}</Table.Td>
                <Table.Td className={classes.nowrap}>{row.entry_date}</Table.Td>
                <Table.Td className={classes.nowrap}>{date(row.file_change_time)}</Table.Td>
                <Table.Td>
                  <Tooltip label={row.file_type}>
                    <Badge variant="outline" color="gray" aria-label={`type ${letter} (${row.file_type})`}>
                      {letter}
                    </Badge>
                  </Tooltip>
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  {state ? (
                    <Badge color={RUN_BADGE[state].color} variant="filled" className={classes.badge}>
                      {RUN_BADGE[state].label}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" className={classes.badge}>
                      {row.file_status}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" color="gray" aria-label={`Actions for file ${row.id}`}>
                        <IconDots size={18} aria-hidden="true" />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconPlayerPlay size={14} aria-hidden="true" />}
                        onClick={() => onProcessSingle(row.id)}
                      >
                        Process Single file
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconFlag size={14} aria-hidden="true" />}
                        onClick={() => onSetQueueStart(row.id)}
                      >
                        Set as queue start
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Table.Td>
              </Table.Tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMN_COUNT} style={{ height: after, padding: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
