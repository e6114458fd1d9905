import { Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { MyReceiverUser } from '@openrescue/shared';
import { IconCheck, IconCopy, IconReportAnalytics } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

export interface CharityReportsProps {
  charity: MyReceiverUser;
  /** The dashboard's month ('YYYY-MM-01'): the reports open on it. */
  month: string;
}

/**
 * Each receiver's monthly report (Month, YTD, Raw Data and the .xlsx, the report its public link renders) and its
 * public link, to read and copy (decision 0066: no poster; changing the link is for the people who own it).
 */
export function CharityReports({ charity, month }: CharityReportsProps) {
  return (
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
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Public report link"
                description="Anyone with this link sees this report, without signing in."
                value={r.report_url}
                readOnly
                style={{ flex: 1, minWidth: 0 }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyButton value={r.report_url}>
                {({ copied, copy }) => (
                  <Tooltip label={copied ? 'Copied' : 'Copy the link'}>
                    <Button
                      variant="default"
                      onClick={copy}
                      aria-label={`Copy the public report link of ${r.name}`}
                      leftSection={
                        copied ? <IconCheck size={16} aria-hidden="true" /> : <IconCopy size={16} aria-hidden="true" />
                      }
                    >
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  </Tooltip>
                )}
              </CopyButton>
            </Group>
            <Anchor href={r.report_url} target="_blank" rel="noreferrer" size="sm">
              Open the public report
            </Anchor>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
