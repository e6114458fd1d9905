import { Alert, Button, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ImpactFactorRow } from '../lib/normalise-factor';
import { formatEffectiveDate, formatFactor, formatMealsFactor, formatPerKgMoney } from '../lib/factor-format';

export interface ImpactFactorsTableProps {
  query: UseQueryResult<ImpactFactorRow[]>;
}

/** Every factor version with its dates and sources (GET {core}/api/impact-factors). */
export function ImpactFactorsTable({ query }: ImpactFactorsTableProps) {
  if (query.isPending) return <Skeleton h={220} role="status" aria-label="Loading impact factors" />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title="The impact factors could not be loaded" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (query.data.length === 0) return <Text c="dimmed">No impact factors are recorded yet.</Text>;

  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={680} type="native" tabIndex={0} aria-label="Impact factors, scrollable">
        <Table striped verticalSpacing="xs" captionSide="top" data-testid="impact-factors">
          <Table.Caption>Impact factors per kg of donated food, newest version first</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Destination</Table.Th>
              <Table.Th scope="col">Department</Table.Th>
              <Table.Th scope="col" ta="right">
                Meals per kg
              </Table.Th>
              <Table.Th scope="col" ta="right">
                CO2e per kg
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Money saved per kg
              </Table.Th>
              <Table.Th scope="col">Effective from</Table.Th>
              <Table.Th scope="col" ta="right">
                Version
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.map((f) => (
              <Table.Tr key={`${f.version}-${f.destinationId}-${f.departmentId}`}>
                <Table.Th scope="row" fw={600}>
                  {f.destination}
                </Table.Th>
                <Table.Td>{f.department}</Table.Td>
                <Table.Td ta="right">{formatMealsFactor(f.mealsPerKg)}</Table.Td>
                <Table.Td ta="right">{formatFactor(f.co2ePerKg)} kg</Table.Td>
                <Table.Td ta="right">{formatPerKgMoney(f.moneyPerKg)}</Table.Td>
                <Table.Td>{formatEffectiveDate(f.effectiveFrom)}</Table.Td>
                <Table.Td ta="right">{f.version}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Title order={3} size="h4">
        Sources
      </Title>
      <Stack gap="xs" component="dl" m={0} data-testid="impact-sources">
        {query.data.map((f) => (
          <div key={`${f.version}-${f.destinationId}-${f.departmentId}-source`}>
            <Text component="dt" fw={600} size="sm">
              {f.destination}
              {f.departmentId !== null ? `, ${f.department}` : ''} (version {f.version})
            </Text>
            <Text component="dd" size="sm" ml={0} c="dimmed">
              {f.sourceNote || 'No source recorded.'}
            </Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}
