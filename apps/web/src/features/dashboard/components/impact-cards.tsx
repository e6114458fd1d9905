import { Paper, Skeleton, Text, ThemeIcon, Group, Stack } from '@mantine/core';
import { formatCompact, formatMoney, kgToLb, rangeText } from '@openrescue/shared';
import { IconBasket, IconCloud, IconCoin, IconToolsKitchen2, type Icon } from '@tabler/icons-react';
import { memo } from 'react';
import type { ImpactTotals } from '../lib/chart-data';
import { ChangeLine, type CardChange } from '../../../components/change-line';
import { DashboardGrid } from './dashboard-grid';

/** One period a card is compared with: its figures and its dates. */
export interface ComparedPeriod {
  totals: ImpactTotals;
  from: string;
  to: string;
}

/** The previous period of the same length and the same period a year earlier (decision 0072). */
export interface CardComparison {
  previous: ComparedPeriod;
  yearAgo: ComparedPeriod;
}

interface CardProps {
  label: string;
  value: string;
  detail?: string;
  icon: Icon;
  color: string;
  loading: boolean;
  changes?: CardChange[];
  /** Change lines to hold a place for while loading. */
  changeLines: number;
}

function LinePlaceholder({ h, w }: { h: number; w: number }) {
  return (
    <Skeleton
      component="span"
      display="inline-block"
      h={h}
      w={w}
      style={{ verticalAlign: 'middle' }}
      aria-hidden="true"
    />
  );
}

function MetricCard({ label, value, detail, icon: CardIcon, color, loading, changes, changeLines }: CardProps) {
  return (
    <Paper withBorder radius="md" p="md" component="li" data-testid="impact-card">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <ThemeIcon size={40} radius="md" variant="light" color={color} aria-hidden="true">
          <CardIcon size={22} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {/* While loading, a placeholder in each line the figures take: the card keeps its height as they arrive. */}
          <Text fz={26} fw={700} lh={1.15} data-testid={loading ? undefined : 'impact-value'}>
            {loading ? <LinePlaceholder h={22} w={120} /> : value}
          </Text>
          {detail && (
            <Text size="sm" c="dimmed">
              {loading ? <LinePlaceholder h={10} w={64} /> : detail}
            </Text>
          )}
          {loading
            ? Array.from({ length: changeLines }, (_, i) => (
                // As a change line: an inline box whose text (here a space) sets the line's height.
                <Text key={i} size="xs" style={{ display: 'inline-flex', alignItems: 'center' }}>
                  <LinePlaceholder h={10} w={112} />
                  <span>{'\u00a0'}</span>
                </Text>
              ))
            : changes?.map((change) => <ChangeLine key={change.label} change={change} />)}
        </Stack>
      </Group>
    </Paper>
  );
}

export interface ImpactCardsProps {
  totals: ImpactTotals | undefined;
  showMoney: boolean;
  loading: boolean;
  /** The periods to compare with; without it the cards show the figures alone. */
  comparison?: CardComparison;
  /** Whether the comparison lines will show: while loading, each card keeps their place. */
  compared?: boolean;
}

type Metric = 'meals' | 'kg' | 'co2e' | 'money';

/** A card's two change lines: against the previous period and against the same period a year earlier. */
function changesOf(
  comparison: CardComparison | undefined,
  current: ImpactTotals,
  metric: Metric,
  write: (value: number) => string,
): CardChange[] | undefined {
  if (!comparison) return undefined;
  const line = (label: string, period: ComparedPeriod): CardChange => {
    const other = period.totals[metric] ?? 0;
    return { label, current: current[metric] ?? 0, other, otherText: write(other), range: rangeText(period) };
  };
  return [line('vs previous period', comparison.previous), line('vs a year earlier', comparison.yearAgo)];
}

/** Meals provided, food rescued (kg, then lb), CO2e reduced and, for staff, money saved (spec section 1). */
export const ImpactCards = memo(function ImpactCards({
  totals,
  showMoney,
  loading,
  comparison,
  compared = false,
}: ImpactCardsProps) {
  const t = totals ?? { meals: 0, kg: 0, co2e: 0, money: 0 };
  const kg = (v: number) => `${formatCompact(v)} kg`;
  // With a comparison to come, the cards wait for it: they fill once, at their final height.
  const busy = loading || !totals || (compared && !comparison);
  const lines = compared ? 2 : 0;
  return (
    <DashboardGrid component="ul" layout={showMoney ? 'cardsWithMoney' : 'cards'} aria-label="Impact" aria-busy={busy}>
      <MetricCard
        label="Meals provided"
        value={formatCompact(t.meals)}
        icon={IconToolsKitchen2}
        color="orange"
        loading={busy}
        changeLines={lines}
        changes={changesOf(comparison, t, 'meals', formatCompact)}
      />
      <MetricCard
        label="Food rescued"
        value={`${formatCompact(t.kg)} kg`}
        detail={`${formatCompact(kgToLb(t.kg))} lb`}
        icon={IconBasket}
        color="rescue"
        loading={busy}
        changeLines={lines}
        changes={changesOf(comparison, t, 'kg', kg)}
      />
      <MetricCard
        label="CO2e reduced"
        value={`${formatCompact(t.co2e)} kg`}
        icon={IconCloud}
        color="cyan"
        loading={busy}
        changeLines={lines}
        changes={changesOf(comparison, t, 'co2e', kg)}
      />
      {showMoney && (
        <MetricCard
          label="Money saved"
          value={formatMoney(t.money ?? 0)}
          icon={IconCoin}
          color="yellow"
          loading={busy}
          changeLines={lines}
          changes={changesOf(comparison, t, 'money', formatMoney)}
        />
      )}
    </DashboardGrid>
  );
});
