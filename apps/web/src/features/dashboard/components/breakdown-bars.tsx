import { BarsList, type BarsListBarData } from '@mantine/charts';
import { Box } from '@mantine/core';
import { formatNumber } from '@openrescue/shared';
import { memo, useMemo } from 'react';
import type { CategoryTotal } from '../lib/chart-data';

const kg = (value: number) => `${formatNumber(value)} kg`;
const BAR_HEIGHT = 30;
const BAR_GAP = 8;

/** The list's height for this many categories (every category has its bar, at zero too): its skeleton's height. */
export const barsHeight = (count: number) => count * BAR_HEIGHT + (count - 1) * BAR_GAP;

// The category's colour as a tint with the page's text over it: readable on every colour of the fixed palette, and
// a name longer than its bar runs on past it instead of wrapping.
const barProps = (bar: BarsListBarData) => ({
  style: {
    backgroundColor: `color-mix(in srgb, ${bar.color} 30%, transparent)`,
    borderLeft: `4px solid ${bar.color}`,
    color: 'var(--mantine-color-text)',
    whiteSpace: 'nowrap' as const,
  },
});

// Each row a grid with the figures in a column of their own: BarsList's rows are flex, so a bar's percentage counted
// the figure's width too, and bars near the largest all shrank to the same length. The figure, as wide as its text,
// is drawn over a long name that runs into it (positioned, on the card's colour): on a phone the name stops short of
// the figure instead of overprinting it.
const styles = {
  bar: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 7.5rem' },
  barValue: {
    textAlign: 'right' as const,
    justifySelf: 'end',
    position: 'relative' as const,
    backgroundColor: 'var(--mantine-color-body)',
    paddingLeft: '0.5rem',
  },
};

/**
 * The bar chart of a breakdown: a bar per category in its fixed colour, drawn as HTML by Mantine's BarsList. Not
 * recharts: a range switch redraws the graphs, and recharts' two render passes per chart were half of the switch's
 * time (bench/trace-range-switch.ts); the line and pie charts still load it when chosen. Hidden from assistive
 * technology like the other charts: the legend below carries the same figures as text.
 */
export const BreakdownBars = memo(function BreakdownBars({ totals }: { totals: CategoryTotal[] }) {
  const data = useMemo(() => totals.map((t) => ({ name: t.name, value: t.kg, color: t.color })), [totals]);
  return (
    <Box aria-hidden="true" data-testid="chart-bar">
      <BarsList
        data={data}
        valueFormatter={kg}
        barHeight={BAR_HEIGHT}
        barGap={BAR_GAP}
        getBarProps={barProps}
        styles={styles}
      />
    </Box>
  );
});
