import { Text } from '@mantine/core';
import { formatMonth } from '@openrescue/shared';
import type { MonthlyReport } from '../api/types';
import { Swatch } from './figures';
import { MetricTable } from './metric-table';

/** Month tab: the month's totals by department x destination. */
export function MonthTab({ report }: { report: MonthlyReport }) {
  const { rows, totals } = report.month;
  if (rows.length === 0) {
    return (
      <Text c="dimmed" py="lg" data-testid="month-empty">
        No donations were recorded in {report.heading.month_label}. Try another month.
      </Text>
    );
  }
  return (
    <MetricTable
      caption={`${report.heading.month_label}: donations by department and destination`}
      leading={['Department', 'Destination']}
      rows={rows.map((r) => ({
        key: `${r.department_id}-${r.destination_id}`,
        lead: [
          <Swatch kind="department" id={r.department_id} name={r.department} />,
          <Swatch kind="destination" id={r.destination_id} name={r.destination} />,
        ],
        metrics: r,
      }))}
      totals={totals}
      money={report.money_saved_visible}
      testId="month-table"
    />
  );
}

/** YTD tab: January 1 to the end of the chosen month, one row per month. */
export function YtdTab({ report }: { report: MonthlyReport }) {
  const { rows, totals, from } = report.ytd;
  if (rows.length === 0) {
    return (
      <Text c="dimmed" py="lg" data-testid="ytd-empty">
        No donations were recorded between {formatMonth(from)} and {report.heading.month_label}.
      </Text>
    );
  }
  return (
    <MetricTable
      caption={`Year to date: ${formatMonth(from)} to ${report.heading.month_label}, by month`}
      leading={['Month']}
      rows={rows.map((r) => ({ key: r.month, lead: [formatMonth(r.month)], metrics: r }))}
      totals={totals}
      money={report.money_saved_visible}
      testId="ytd-table"
    />
  );
}
