import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatCompact, formatMoney, kgToLb, rangeText } from '@openrescue/shared';
import { IconBasket, IconCloud, IconCoin, IconToolsKitchen2, type Icon } from '@tabler/icons-react';
import { ChangeLine, type CardChange } from '../../../components/change-line';
import type { NetworkComparison, NetworkFigures, NetworkPeriod } from '../api/get-network-totals';

interface MetricProps {
  label: string;
  value: string;
  detail?: string;
  icon: Icon;
  loading: boolean;
  changes?: CardChange[];
}

function Metric({ label, value, detail, icon: MetricIcon, loading, changes }: MetricProps) {
  return (
    <Paper withBorder radius="md" p="xs" component="li" data-testid="network-impact">
      <Group wrap="nowrap" gap="xs" align="flex-start">
        <ThemeIcon size={30} radius="md" variant="light" aria-hidden="true">
          <MetricIcon size={18} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={0} miw={0}>
          <Text size="xs" c="dimmed" fw={500}>
            {label}
          </Text>
          {loading ? (
            <Skeleton h={22} w={80} aria-hidden="true" />
          ) : (
            <Text fw={700} fz="md" lh={1.25} style={{ whiteSpace: 'nowrap' }}>
              {value}
            </Text>
          )}
          {detail && !loading && (
            <Text size="xs" c="dimmed">
              {detail}
            </Text>
          )}
        </Stack>
      </Group>
      {/* the card's full width: each line fits on one */}
      {!loading && changes && (
        <Stack gap={0} mt={4}>
          {changes.map((change) => (
            <ChangeLine key={change.label} change={change} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

type Sum = 'meals_provided__sum' | 'food_rescued_kg__sum' | 'co2_emissions_kg__sum' | 'money_saved__sum';

/**
 * A metric's two change lines (decision 0078): this year so far against the same dates a year earlier, and the last
 * 12 whole months against the 12 before. The figures shown are all-time, so each line names its period's own figure.
 */
function changesOf(
  comparison: NetworkComparison | undefined,
  sum: Sum,
  write: (value: number) => string,
): CardChange[] | undefined {
  if (!comparison) return undefined;
  const line = (label: string, current: NetworkPeriod, other: NetworkPeriod): CardChange => {
    const now = current.figures[sum] ?? 0;
    const then = other.figures[sum] ?? 0;
    return {
      label,
      current: now,
      other: then,
      otherText: write(then),
      range: rangeText(other),
      currentText: write(now),
      currentRange: rangeText(current),
    };
  };
  return [
    line('this year', comparison.yearToDate.current, comparison.yearToDate.yearAgo),
    line('last 12 months', comparison.last12Months.current, comparison.last12Months.previous),
  ];
}

/**
 * The panel's impact metrics: network impact plus network donation totals (spec 7.4), all-time, each with how this
 * year and the last 12 months compare with a year before (decision 0078); money saved for staff.
 */
export function ImpactMetrics({
  totals,
  comparison,
  loading,
  showMoney,
}: {
  totals: NetworkFigures | undefined;
  comparison?: NetworkComparison;
  loading: boolean;
  showMoney: boolean;
}) {
  const kg = totals?.food_rescued_kg__sum ?? 0;
  const kgText = (value: number) => `${formatCompact(value)} kg`;
  return (
    <Stack gap="xs" component="section" aria-labelledby="network-impact-title">
      <Title order={2} size="h5" id="network-impact-title">
        Network impact
      </Title>
      {comparison && (
        <Text size="xs" c="dimmed" data-testid="network-impact-compare-note">
          All time. The change this year is against the same dates last year; the last 12 months against the 12 before.
        </Text>
      )}
      <SimpleGrid cols={2} spacing="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        <Metric
          label="Meals provided"
          value={formatCompact(totals?.meals_provided__sum ?? 0)}
          icon={IconToolsKitchen2}
          loading={loading}
          changes={changesOf(comparison, 'meals_provided__sum', formatCompact)}
        />
        <Metric
          label="Food rescued"
          value={kgText(kg)}
          detail={`${formatCompact(kgToLb(kg))} lb`}
          icon={IconBasket}
          loading={loading}
          changes={changesOf(comparison, 'food_rescued_kg__sum', kgText)}
        />
        <Metric
          label="CO2e reduced"
          value={kgText(totals?.co2_emissions_kg__sum ?? 0)}
          icon={IconCloud}
          loading={loading}
          changes={changesOf(comparison, 'co2_emissions_kg__sum', kgText)}
        />
        {showMoney && (
          <Metric
            label="Money saved"
            value={formatMoney(totals?.money_saved__sum ?? 0)}
            icon={IconCoin}
            loading={loading}
            changes={changesOf(comparison, 'money_saved__sum', formatMoney)}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
