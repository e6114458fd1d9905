import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { MyReceiverUser } from '@openrescue/shared';
import { IconReportAnalytics } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export interface CharityReportsProps {
  charity: MyReceiverUser;
  /** The dashboard's month ('YYYY-MM-01'): the reports open on it. */
  month: string;
  /**
   * A receiver's public link field: the report page's own (PublicLinkField, composed by the route), so that a copy or
   * a rotation here goes to the audit trail as it does there (decision 0069).
   */
  linkField: (receiverId: number) => ReactNode;
}

/**
 * Each receiver's monthly report (Month, YTD, Raw Data and the .xlsx, the report its public link renders) and its
 * public link (decision 0066: no poster), to copy or rotate (`linkField`).
 */
export function CharityReports({ charity, month, linkField }: CharityReportsProps) {
  return (
    // The rotation's confirmation is a Mantine modal: the client app's frame has no provider (as ShareLinks).
    <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
      <Stack gap="md" data-print="hide">
        <Title order={3} size="h4">
          Monthly reports
        </Title>
        {charity.receivers.map((r) => (
          <Paper key={r.id} withBorder radius="md" p="md" data-testid={`charity-receiver-${r.id}`}>
            <Stack gap="sm">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Text fw={600} style={{ wordBreak: 'break-word' }}>
                  {r.name}
                </Text>
                <Button
                  component={Link}
                  to={`${paths.reports.receiver(r.id)}?month=${month}`}
                  variant="light"
                  leftSection={<IconReportAnalytics size={16} aria-hidden="true" />}
                >
                  Monthly report
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                Anyone with this link sees this report, without signing in.
              </Text>
              {linkField(r.id)}
              <Anchor href={r.report_url} target="_blank" rel="noreferrer" size="sm">
                Open the public report
              </Anchor>
            </Stack>
          </Paper>
        ))}
      </Stack>
    </ModalsProvider>
  );
}
