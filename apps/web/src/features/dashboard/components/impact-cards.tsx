import { Paper, SimpleGrid, Skeleton, Text, ThemeIcon, Group, Stack } from '@mantine/core';
import { formatCompact, formatMoney, kgToLb } from '@openrescue/shared';
import { IconBasket, IconCloud, IconCoin, IconToolsKitchen2, type Icon } from '@tabler/icons-react';
import { memo } from 'react';
import type { ImpactTotals } from '../lib/chart-data';

interface CardProps {
  label: string;
  value: string;
  detail?: string;
  icon: Icon;
  color: string;
  loading: boolean;
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
          {loading ? (
            <Skeleton h={28} w={120} aria-hidden="true" />
          ) : (
            <Text fz={26} fw={700} lh={1.15} data-testid="impact-value">
              {value}
            </Text>
          )}
          {detail && !loading && (
            <Text size="sm" c="dimmed">
              {detail}
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
    <SimpleGrid
      component="ul"
      type="container"
      cols={{ base: 1, '460px': 2, [showMoney ? '1000px' : '760px']: showMoney ? 4 : 3 }}
      spacing="md"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Impact"
      aria-busy={busy}
    >
      <MetricCard label="Meals provided" value={formatCompact(t.meals)} icon={IconToolsKitchen2} color="orange" loading={busy} />
      <MetricCard
        label="Food rescued"
        value={`${formatCompact(t.kg)} kg`}
        detail={`${formatCompact(kgToLb(t.kg))} lb`}
        icon={IconBasket}
        color="rescue"
        loading={busy}
      />
      <MetricCard label="CO2e reduced" value={`${formatCompact(t.co2e)} kg`} icon={IconCloud} color="cyan" loading={busy} />
      {showMoney && (
        <MetricCard label="Money saved" value={formatMoney(t.money ?? 0)} icon={IconCoin} color="yellow" loading={busy} />
      )}
    </SimpleGrid>
  );
});
