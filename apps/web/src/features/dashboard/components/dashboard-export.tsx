import { Group, Text } from '@mantine/core';
import { memo } from 'react';
import { DownloadButton } from '../../../components/download-button';
import { downloadFigures, figuresFileName, type FiguresParams } from '../api/export-figures';

/**
 * Downloads the figures behind the dashboard's cards and graphs for the scope and range it shows (issue 38 section
 * 2): the server builds the file from the same totals, so the numbers are the dashboard's to the gram. Part of the
 * shared dashboard, so every dashboard built on it (client, ops, charity) has it.
 */
export const DashboardExport = memo(function DashboardExport(params: FiguresParams) {
  return (
    <Group gap="sm" justify="flex-end" wrap="wrap" data-print="hide" data-testid="dashboard-export">
      <Text size="sm" c="dimmed">
        Download these figures
      </Text>
      <Group gap="xs" wrap="nowrap">
        <DownloadButton load={() => downloadFigures(params, 'csv')} fileName={figuresFileName(params, 'csv')}>
          CSV
        </DownloadButton>
        <DownloadButton load={() => downloadFigures(params, 'xlsx')} fileName={figuresFileName(params, 'xlsx')}>
          Excel
        </DownloadButton>
      </Group>
    </Group>
  );
});
