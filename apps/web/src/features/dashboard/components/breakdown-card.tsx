import { Alert, Button, Chip, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { messages, type RangeBounds } from '@openrescue/shared';
import { useIntersection } from '@mantine/hooks';
import { IconChartBar, IconChartLine, IconChartPie } from '@tabler/icons-react';
import { lazy, memo, Suspense, useDeferredValue, useId, useMemo, useState } from 'react';
import { useComparedTotals, useDonationTotals } from '../api/get-donation-totals';
import {
  CHART_HEIGHT,
  axisTicks,
  categoryTotals,
  hasWeight,
  timeSeries,
  withPreviousPeriod,
  type BreakdownField,
  type Category,
} from '../lib/chart-data';
import type { Scope } from '../lib/scope';
import type { ChartType } from './breakdown-chart';
import { BreakdownBars, barsHeight } from './breakdown-bars';
import { BreakdownLegend } from './breakdown-legend';
import { TimeSeriesTable } from './time-series-table';

// recharts (the line and pie charts) is most of the dashboard's code: the cards and legends show while it loads.
const BreakdownChart = lazy(async () => ({ default: (await import('./breakdown-chart')).BreakdownChart }));

/**
 * A line or pie chart's code loads and draws once its place is near the screen: on a phone both graphs are below the
 * cards, and the charting library is the page's largest script and its longest render. The bar charts are HTML and
 * draw at once (decision 0034).
 */
const NEAR_THE_SCREEN: IntersectionObserverInit = { rootMargin: '100px 0px' };

// Chips rather than a segmented control: its sliding indicator measures the page as it mounts, a forced layout in the
// dashboard's first load (decision 0027).
const CHART_TYPES = [
  { value: 'bar', label: 'Bar', icon: IconChartBar },
  { value: 'line', label: 'Line', icon: IconChartLine },
  { value: 'pie', label: 'Pie', icon: IconChartPie },
] as const;

export interface BreakdownCardProps {
  title: string;
  /** 'department' or 'destination', for labels. */
  noun: string;
  field: BreakdownField;
  categories: readonly Category[];
  bounds: RangeBounds;
  scope: Scope;
}

/** A graph by department or destination, switchable between bar, line and pie (spec 2.5). */
export const BreakdownCard = memo(function BreakdownCard({
  title,
  noun,
  field,
  categories,
  bounds,
  scope,
}: BreakdownCardProps) {
  const titleId = useId();
  const [type, setType] = useState<ChartType>('bar');
  const base = { from: bounds.from, to: bounds.to, scope, annotate: field };
  const totalsQuery = useDonationTotals(base);
  // The previous period laid over the line chart (decision 0072): the same request with compare=true.
  const [overlay, setOverlay] = useState(false);
  const plainLine = useDonationTotals({ ...base, granularity: bounds.granularity }, type === 'line' && !overlay);
  const comparedLine = useComparedTotals({ ...base, granularity: bounds.granularity }, type === 'line' && overlay);
  const lineQuery = overlay ? comparedLine : plainLine;
  const active = type === 'line' ? lineQuery : totalsQuery;
  const { ref: chartSlot, entry } = useIntersection<HTMLDivElement>(NEAR_THE_SCREEN);
  const [nearScreen, setNearScreen] = useState(false);
  if (!nearScreen && entry?.isIntersecting) setNearScreen(true);

  // Deferred, as on the dashboard: the answer's render is one React slices (impact-dashboard.tsx).
  const activeRows = type === 'line' && overlay ? comparedLine.data?.rows : (active.data as typeof plainLine.data);
  const rows = useDeferredValue(activeRows);
  const lineRows = useDeferredValue(overlay ? comparedLine.data?.rows : plainLine.data);
  const previous = useDeferredValue(overlay ? comparedLine.data?.previous : undefined);
  const totals = useMemo(() => categoryTotals(rows ?? [], field, categories), [rows, field, categories]);
  const points = useMemo(() => {
    if (type !== 'line') return [];
    const series = timeSeries(lineRows ?? [], field, categories, bounds);
    return previous ? withPreviousPeriod(series, bounds, previous.rows, previous) : series;
  }, [type, lineRows, field, categories, bounds, previous]);
  const ticks = useMemo(() => axisTicks(points, bounds.granularity), [points, bounds.granularity]);

  const chartHeight = type === 'bar' ? barsHeight(categories.length) : CHART_HEIGHT;
  let body;
  if (rows === undefined && !active.isError) {
    body = <Skeleton h={chartHeight} radius="md" aria-label={`Loading the ${noun} graph`} role="status" />;
  } else if (active.isError) {
    body = (
      <Alert color="red" variant="light" title="This graph could not be loaded" role="alert">
        <Button mt="xs" size="xs" variant="default" onClick={() => void active.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (!hasWeight(totals)) {
    body = (
      <Text ta="center" c="dimmed" py={48} px="md" data-testid="graph-empty">
        {messages.graphEmpty}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md" style={{ opacity: active.isPlaceholderData ? 0.55 : 1, transition: 'opacity 150ms' }}>
        <div ref={chartSlot}>
          {type === 'bar' ? (
            <BreakdownBars totals={totals} />
          ) : nearScreen ? (
            <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="md" />}>
              <BreakdownChart
                type={type}
                totals={totals}
                points={points}
                ticks={ticks}
                previousLabel={previous ? `Previous period (all ${noun}s)` : undefined}
              />
            </Suspense>
          ) : (
            // Still: nothing is loading until the graph is scrolled to.
            <Skeleton h={CHART_HEIGHT} radius="md" animate={false} />
          )}
        </div>
        <BreakdownLegend totals={totals} label={`Weight by ${noun}`} />
        {type === 'line' && (
          <Switch
            size="sm"
            data-print="hide"
            label="Show the previous period"
            checked={overlay}
            onChange={(e) => setOverlay(e.currentTarget.checked)}
            data-testid="previous-overlay"
          />
        )}
        {type === 'line' && (
          <TimeSeriesTable
            caption={`${title} over time`}
            granularity={bounds.granularity}
            categories={categories}
            points={points}
          />
        )}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId} data-testid={`graph-${noun}`}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Title order={3} size="h4" id={titleId}>
            {title}
          </Title>
          <Chip.Group multiple={false} value={type} onChange={(value) => setType(value as ChartType)}>
            <Group
              gap={6}
              wrap="nowrap"
              role="radiogroup"
              data-print="hide"
              aria-label={`Chart type for ${title.toLowerCase()}`}
            >
              {CHART_TYPES.map(({ value, label, icon: ChartIcon }) => (
                <Chip
                  key={value}
                  value={value}
                  size="xs"
                  variant="light"
                  icon={<ChartIcon size={14} aria-hidden="true" />}
                >
                  {label}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Group>
        <div aria-busy={active.isFetching}>{body}</div>
      </Stack>
    </Paper>
  );
});
