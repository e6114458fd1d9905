import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MetricTotals } from '../api/types';
import { fmtKg, fmtMoney, fmtWhole, Weight } from './figures';
import classes from './report.module.css';

export interface MetricTableRow {
  key: string;
  lead: ReactNode[];
  metrics: MetricTotals;
}

export interface MetricTableProps {
  caption: string;
  leading: string[];
  rows: MetricTableRow[];
  totals: MetricTotals;
  money: boolean;
  testId: string;
}

/** The column heads, also each cell's own label when the table reflows into cards (report.module.css). */
const LABELS: Record<string, string> = {
  donations: 'Donations',
  weight: 'Weight',
  meals: 'Meals',
  co2e: 'CO2e (kg)',
  money: 'Money saved',
};

function MetricCells({ m, money, total }: { m: MetricTotals; money: boolean; total?: boolean }) {
  const cell = (name: string, value: ReactNode) => (
    <Table.Td ta="right" data-metric={total ? name : undefined} data-label={LABELS[name]}>
      {value}
    </Table.Td>
  );
  return (
    <>
      {cell('donations', fmtWhole(m.donation_count))}
      {cell('weight', <Weight kg={m.weight_kg} lb={m.weight_lb} />)}
      {cell('meals', fmtWhole(m.meals_provided))}
      {cell('co2e', fmtKg(m.co2_emissions_kg))}
      {money && cell('money', fmtMoney(m.money_saved ?? 0))}
    </>
  );
}

/**
 * A table of metric rows with a totals row: the Month and YTD tabs. Where it has less than 600 px (a phone), each row
 * becomes a card of labelled figures rather than a table to scroll sideways (decision 0058).
 */
export function MetricTable({ caption, leading, rows, totals, money, testId }: MetricTableProps) {
  const heads = ['donations', 'weight', 'meals', 'co2e', ...(money ? ['money'] : [])].map((k) => LABELS[k]);
  return (
    <div className={classes.wrap}>
      <Table
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="xs"
        captionSide="top"
        className={classes.table}
        data-testid={testId}
      >
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {leading.map((h) => (
              <Table.Th key={h} scope="col">
                {h}
              </Table.Th>
            ))}
            {heads.map((h) => (
              <Table.Th key={h} scope="col" ta="right">
                {h}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              {r.lead.map((cell, i) => (
                <Table.Td key={i} className={r.lead.length === 1 ? classes.leadFull : classes.lead}>
                  {cell}
                </Table.Td>
              ))}
              <MetricCells m={r.metrics} money={money} />
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr fw={700} data-testid={`${testId}-totals`}>
            <Table.Th scope="row" colSpan={leading.length}>
              Total
            </Table.Th>
            <MetricCells m={totals} money={money} total />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </div>
  );
}
