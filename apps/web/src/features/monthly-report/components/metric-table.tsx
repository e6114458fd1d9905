import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import type { MetricTotals } from '../api/types';
import { fmtKg, fmtMoney, fmtWhole, Weight } from './figures';

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

function MetricCells({ m, money, total }: { m: MetricTotals; money: boolean; total?: boolean }) {
  const cell = (name: string, value: ReactNode) => (
    <Table.Td ta="right" data-metric={total ? name : undefined}>
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

/** A table of metric rows with a totals row: the Month and YTD tabs. Scrolls sideways on narrow screens. */
export function MetricTable({ caption, leading, rows, totals, money, testId }: MetricTableProps) {
  const heads = ['Donations', 'Weight', 'Meals', 'CO2e (kg)', ...(money ? ['Money saved'] : [])];
  return (
    <Table.ScrollContainer minWidth={money ? 760 : 640} type="native">
      <Table striped highlightOnHover withTableBorder verticalSpacing="xs" captionSide="top" data-testid={testId}>
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
                <Table.Td key={i}>{cell}</Table.Td>
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
    </Table.ScrollContainer>
  );
}
