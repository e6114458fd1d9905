import { LineChart, PieChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import { memo } from 'react';
import { formatNumber } from '@openrescue/shared';
import type { CategoryTotal, TimePoint } from '../lib/chart-data';
import { CHART_HEIGHT, PREVIOUS_SERIES, seriesKey } from '../lib/chart-data';

export type ChartType = 'bar' | 'line' | 'pie';

const kg = (value: number) => `${formatNumber(value)} kg`;

export interface BreakdownChartProps {
  /** The bar chart is not drawn here: breakdown-bars.tsx. */
  type: Exclude<ChartType, 'bar'>;
  totals: CategoryTotal[];
  points: TimePoint[];
  /** The x-axis labels the line chart offers (axisTicks in chart-data.ts). */
  ticks: string[];
  /** When the points carry the previous period's total: its line's name (dashed, grey). */
  previousLabel?: string;
}

/**
 * The line or pie picture of a breakdown in the fixed department / destination colours. It is hidden from assistive
 * technology: the legend list and the data table beside it carry the same figures as text. Memoised: its card
 * renders several times on a range switch (new bounds, fetching, the answer, the deferred answer) and recharts
 * redrew the same figures each time (bench/profile-range-switch.ts).
 */
export const BreakdownChart = memo(function BreakdownChart({
  type,
  totals,
  points,
  ticks,
  previousLabel,
}: BreakdownChartProps) {
  let chart;
  if (type === 'pie') {
    chart = (
      <PieChart
        data={totals.filter((t) => t.kg > 0).map((t) => ({ name: t.name, value: t.kg, color: t.color }))}
        size={230}
        withTooltip
        tooltipDataSource="segment"
        valueFormatter={kg}
        strokeWidth={totals.filter((t) => t.kg > 0).length > 1 ? 1 : 0}
        mx="auto"
        accessibilityLayer={false}
        pieProps={{ rootTabIndex: -1 }}
      />
    );
  } else {
    chart = (
      <LineChart
        h={CHART_HEIGHT}
        data={points}
        dataKey="label"
        series={[
          ...totals.map((t) => ({ name: seriesKey(t.id), label: t.name, color: t.color })),
          ...(previousLabel
            ? [{ name: PREVIOUS_SERIES, label: previousLabel, color: 'gray.6', strokeDasharray: '6 4' }]
            : []),
        ]}
        curveType="monotone"
        withDots={points.length <= 16}
        valueFormatter={kg}
        // The unit once on the axis, the ticks bare numbers; recharts drops offered labels that would touch.
        yAxisLabel="Weight (kg)"
        yAxisProps={{ width: 64, tickFormatter: (v: number) => formatNumber(v) }}
        xAxisProps={{ ticks, interval: 'preserveStartEnd', minTickGap: 12 }}
        accessibilityLayer={false}
      />
    );
  }
  return (
    <Box aria-hidden="true" data-testid={`chart-${type}`}>
      {chart}
    </Box>
  );
});
