import { Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { MonthlyReport } from '../api/types';
import { fmtRawKg, fmtWhole } from './figures';
import classes from './report.module.css';

const PAGE_SIZE = 100;

/** Raw Data tab (receivers): the month's donations, 100 to a page; times are America/Vancouver. */
export function RawDataTab({ report }: { report: MonthlyReport }) {
  const raw = report.raw_data;
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [report.heading.month]);
  if (!raw || raw.rows.length === 0) {
    return (
      <Text c="dimmed" py="lg" data-testid="raw-empty">
        No donations were recorded in {report.heading.month_label}.
      </Text>
    );
  }
  const pages = Math.ceil(raw.rows.length / PAGE_SIZE);
  const first = (page - 1) * PAGE_SIZE;
  const shown = raw.rows.slice(first, first + PAGE_SIZE);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" data-testid="raw-count">
          Showing {fmtWhole(first + 1)}–{fmtWhole(first + shown.length)} of {fmtWhole(raw.rows.length)} donations
          {raw.truncated
            ? ` (the first ${fmtWhole(raw.limit)} of ${fmtWhole(raw.count)}; the spreadsheet download has every row)`
            : ''}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            siblings={0}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
          />
        )}
      </Group>
      <div className={classes.wrap}>
        <Table
          striped
          withTableBorder
          verticalSpacing={4}
          fz="sm"
          captionSide="top"
          className={classes.table}
          data-testid="raw-table"
        >
          <Table.Caption>Donations in {report.heading.month_label} (times in America/Vancouver)</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {['Entry time', 'From company', 'From store', 'Department', 'Destination'].map((h) => (
                <Table.Th key={h} scope="col">
                  {h}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                Weight (kg)
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((r, i) => (
              <Table.Tr key={first + i}>
                <Table.Td className={classes.first} data-label="Entry time">
                  <span className={classes.nowrap}>{r.entry_time}</span>
                </Table.Td>
                <Table.Td data-label="From company">{r.from_company}</Table.Td>
                <Table.Td data-label="From store">{r.from_store}</Table.Td>
                <Table.Td data-label="Department">{r.department}</Table.Td>
                <Table.Td data-label="Destination">{r.destination}</Table.Td>
                <Table.Td ta="right" className={classes.second} data-label="Weight (kg)">
                  {fmtRawKg(r.weight_kg)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}
