import { Paper, Skeleton, Text, ThemeIcon, Group, Stack } from '@mantine/core';
import { formatCompact, formatMoney, kgToLb } from '@openrescue/shared';
import { IconBasket, IconCloud, IconCoin, IconToolsKitchen2, type Icon } from '@tabler/icons-react';
import { memo } from 'react';
import type { ImpactTotals } from '../lib/chart-data';
import { DashboardGrid } from './dashboard-grid';

interface CardProps {
  label: string;
  value: string;
  detail?: string;
  icon: Icon;
  color: string;
  loading: boolean;
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

function MetricCard({ label, value, detail, icon: CardIcon, color, loading }: CardProps) {
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
        </Stack>
      </Group>
    </Paper>
  );
}

export interface ImpactCardsProps {
  totals: ImpactTotals | undefined;
  showMoney: boolean;
  loading: boolean;
}

/** Meals provided, food rescued (kg, then lb), CO2e reduced and, for staff, money saved (spec section 1). */
export const ImpactCards = memo(function ImpactCards({ totals, showMoney, loading }: ImpactCardsProps) {
  const t = totals ?? { meals: 0, kg: 0, co2e: 0, money: 0 };
  const busy = loading || !totals;
  return (
    <DashboardGrid component="ul" layout={showMoney ? 'cardsWithMoney' : 'cards'} aria-label="Impact" aria-busy={busy}>
      <MetricCard
        label="Meals provided"
        value={formatCompact(t.meals)}
        icon={IconToolsKitchen2}
        color="orange"
        loading={busy}
      />
      <MetricCard
        label="Food rescued"
        value={`${formatCompact(t.kg)} kg`}
        detail={`${formatCompact(kgToLb(t.kg))} lb`}
        icon={IconBasket}
        color="rescue"
        loading={busy}
      />
      <MetricCard
        label="CO2e reduced"
        value={`${formatCompact(t.co2e)} kg`}
        icon={IconCloud}
        color="cyan"
        loading={busy}
      />
      {showMoney && (
        <MetricCard
          label="Money saved"
          value={formatMoney(t.money ?? 0)}
          icon={IconCoin}
          color="yellow"
          loading={busy}
        />
      )}
    </DashboardGrid>
  );
});
