import { Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { formatCompact, formatMoney, kgToLb } from '@openrescue/shared';
import { IconBasket, IconCloud, IconCoin, IconToolsKitchen2, type Icon } from '@tabler/icons-react';
import type { NetworkFigures } from '../api/get-network-totals';

interface MetricProps {
  label: string;
  value: string;
  detail?: string;
  icon: Icon;
  loading: boolean;
}

function Metric({ label, value, detail, icon: MetricIcon, loading }: MetricProps) {
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
    </Paper>
  );
}

/** The panel's impact metrics: network impact plus network donation totals (spec 7.4); money saved for staff. */
export function ImpactMetrics({
  totals,
  loading,
  showMoney,
}: {
  totals: NetworkFigures | undefined;
  loading: boolean;
  showMoney: boolean;
}) {
  const kg = totals?.food_rescued_kg__sum ?? 0;
  return (
    <Stack gap="xs" component="section" aria-labelledby="network-impact-title">
      <Title order={2} size="h5" id="network-impact-title">
        Network impact
      </Title>
      <SimpleGrid cols={2} spacing="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        <Metric
          label="Meals provided"
          value={formatCompact(totals?.meals_provided__sum ?? 0)}
          icon={IconToolsKitchen2}
          loading={loading}
        />
        <Metric
          label="Food rescued"
          value={`${formatCompact(kg)} kg`}
          detail={`${formatCompact(kgToLb(kg))} lb`}
          icon={IconBasket}
          loading={loading}
        />
        <Metric
          label="CO2e reduced"
          value={`${formatCompact(totals?.co2_emissions_kg__sum ?? 0)} kg`}
          icon={IconCloud}
          loading={loading}
        />
        {showMoney && (
          <Metric
            label="Money saved"
            value={formatMoney(totals?.money_saved__sum ?? 0)}
            icon={IconCoin}
            loading={loading}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
