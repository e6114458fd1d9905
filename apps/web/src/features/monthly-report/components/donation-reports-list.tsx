import { Button, Group, Stack, Text } from '@mantine/core';
import { defaultMonth, formatMonth, monthChoices, reportDay } from '@openrescue/shared';
import { IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { CompactList, CompactListRow } from '../../../components/compact-list';
import { useDownloadMonthlyReport } from '../api/download-report';
import { getMonthlyReport } from '../api/get-monthly-report';

/**
 * Donation reports side panel (spec 2.8): the last 12 report months of a receiver or store, each opening the
 * monthly report or downloading its spreadsheet.
 */
export function DonationReportsList({ kind, id }: { kind: 'receiver' | 'store'; id: string }) {
  const months = monthChoices(defaultMonth(reportDay()));
  const download = useDownloadMonthlyReport();
  const [busyMonth, setBusyMonth] = useState<string | null>(null);
  const reportPath = kind === 'receiver' ? paths.reports.receiver(id) : paths.reports.store(id);

  const downloadMonth = async (month: string) => {
    setBusyMonth(month);
    try {
      // The file name comes from the report itself (heading and month end), as on the report screen.
      const report = await getMonthlyReport(kind, id, month);
      await download.mutateAsync({ kind, id, month, fileName: report.xlsx_filename });
    } catch {
      // useDownloadMonthlyReport shows the error dialog for a failed download.
    } finally {
      setBusyMonth(null);
    }
  };

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        Monthly donation reports: Month, YTD and Raw Data, on screen or as a spreadsheet.
      </Text>
      <CompactList label="Donation reports">
        {months.map((month) => (
          <CompactListRow key={month}>
            <Text size="sm" fw={500}>
              {formatMonth(month)}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Button
                component={Link}
                to={`${reportPath}?month=${month}`}
                size="compact-sm"
                variant="default"
                leftSection={<IconExternalLink size={14} aria-hidden="true" />}
                aria-label={`Open the ${formatMonth(month)} report`}
              >
                Open
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                leftSection={<IconDownload size={14} aria-hidden="true" />}
                loading={busyMonth === month}
                disabled={busyMonth !== null && busyMonth !== month}
                onClick={() => void downloadMonth(month)}
                aria-label={`Download the ${formatMonth(month)} report`}
              >
                .xlsx
              </Button>
            </Group>
          </CompactListRow>
        ))}
      </CompactList>
    </Stack>
  );
}
