import { Badge, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ClientAccess } from '@openrescue/shared';
import { IconChartBar } from '@tabler/icons-react';

type GrantedAccess = Extract<ClientAccess, { kind: 'admin' | 'company' | 'store' }>;

export function describeAccess(access: GrantedAccess): string {
  switch (access.kind) {
    case 'admin':
      return 'Every company and store (staff view), all reporting ranges and money saved.';
    case 'company':
      return `All stores of company #${access.companyId}.`;
    case 'store':
      return `Store #${access.storeId} of company #${access.companyId}.`;
  }
}

const ACCESS_LABEL: Record<GrantedAccess['kind'], string> = {
  admin: 'Staff access',
  company: 'Company access',
  store: 'Store access',
};

/** Placeholder for the impact dashboard (step 2), stating what this user will see. */
export function AccessSummaryPanel({ access }: { access: GrantedAccess }) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="impact-dashboard-placeholder">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
            <IconChartBar size={24} stroke={1.6} />
          </ThemeIcon>
          <Title order={2} size="h3">
            Impact dashboard
          </Title>
        </Group>
        <Text>
          Meals provided, food rescued, CO2e reduced and donations by department and destination arrive here in the next
          step (step 2).
        </Text>
        <Stack gap={6}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              Your access
            </Text>
            <Badge variant="light" data-testid="access-kind">
              {ACCESS_LABEL[access.kind]}
            </Badge>
          </Group>
          <Text size="sm" data-testid="access-summary">
            {describeAccess(access)}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}
