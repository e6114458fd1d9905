import { Alert, Button, Center, Group, Loader, Paper, Stack, Tabs, Text } from '@mantine/core';
import { formatDate, formatMonth } from '@openrescue/shared';
import { IconDownload } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ApiRequestError } from '../../../lib/api-errors';
import { useDownloadMonthlyReport } from '../api/download-report';
import { useMonthlyReport } from '../api/get-monthly-report';
import type { MonthlyReport, ReportKind } from '../api/types';
import { MonthSelect, useReportMonth } from './month-select';
import { RawDataTab } from './raw-data-tab';
import classes from './report.module.css';
import { MonthTab, YtdTab } from './report-tabs-content';

const TITLES: Record<ReportKind, string> = { store: 'Store report', receiver: 'Charity report' };

function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const missing = error instanceof ApiRequestError && error.status === 404;
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={missing ? 'This report is not available' : 'The report could not be loaded'}
    >
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {missing
            ? 'It does not exist, or your account does not give access to it.'
            : error instanceof Error
              ? error.message
              : 'Please try again.'}
        </Text>
        {!missing && (
          <Button size="xs" variant="default" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

function describe(report: MonthlyReport | undefined): string | undefined {
  if (!report) return undefined;
  const { company, store, month_label, kind } = report.heading;
  const who = store && kind === 'receiver' ? `${store} only` : (company ?? (kind === 'receiver' ? 'All donors' : ''));
  return [TITLES[kind], who, month_label, `Impact factors v${report.impact_factor_version}`]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Whose donations a charity report counts (issue 35): a store user sees only its store's, a company user only its
 * company's, staff and the charity's own link every donor's. Said in words, since the heading names the charity.
 */
export function scopeText(report: MonthlyReport): string | null {
  const { kind, company, store } = report.heading;
  if (kind !== 'receiver') return null;
  if (store) return `Figures cover donations from ${store} only${company ? `, not all of ${company}` : ''}.`;
  if (company) return `Figures cover donations from ${company} stores only.`;
  return 'Figures cover donations from all donors.';
}

export interface MonthlyReportScreenProps {
  kind: ReportKind;
  id: string;
  /** A read-only public link's credential (public report pages): sent instead of the signed-in user's token. */
  bearer?: string;
  /** The way back (the client app's dashboard link), above the heading; never printed. */
  back?: ReactNode;
  /** The share links, for those who own them (the client app's route composes them), above the report; never printed. */
  share?: ReactNode;
}

/** Monthly donation report of a store or a receiver (spec 2.6): Month, YTD and (receivers) Raw Data tabs. */
export function MonthlyReportScreen({ kind, id, bearer, back, share }: MonthlyReportScreenProps) {
  const { month, choices, setMonth } = useReportMonth();
  const query = useMonthlyReport(kind, id, month, bearer);
  const download = useDownloadMonthlyReport();
  const [tab, setTab] = useState<string | null>('month');
  const report = query.data;
  const switching = query.isFetching && query.isPlaceholderData;

  const actions = (
    <Group align="flex-end" gap="sm" wrap="wrap" className={classes.noPrint}>
      <MonthSelect month={month} choices={choices} onChange={setMonth} />
      <Button
        leftSection={<IconDownload size={18} aria-hidden="true" />}
        loading={download.isPending}
        disabled={!report || switching}
        onClick={() => report && download.mutate({ kind, id, month, fileName: report.xlsx_filename, bearer })}
        data-testid="download-xlsx"
      >
        Download
      </Button>
    </Group>
  );

  let body;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading the report" />
      </Center>
    );
  } else if (query.isError && !report) {
    body = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  } else if (report) {
    body = (
      // Every tab stays mounted (hidden by display alone) so that the Month and YTD tables both print.
      <Tabs value={tab} onChange={setTab} keepMounted keepMountedMode="display-none">
        <Tabs.List className={classes.noPrint}>
          <Tabs.Tab value="month">Month</Tabs.Tab>
          <Tabs.Tab value="ytd">YTD</Tabs.Tab>
          {kind === 'receiver' && <Tabs.Tab value="raw">Raw Data</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="month" pt="md" className={classes.panelAlways}>
          <MonthTab report={report} />
        </Tabs.Panel>
        <Tabs.Panel value="ytd" pt="md" className={classes.panelAlways}>
          <YtdTab report={report} />
        </Tabs.Panel>
        {kind === 'receiver' && (
          <Tabs.Panel value="raw" pt="md" className={classes.panelRaw}>
            <RawDataTab report={report} />
          </Tabs.Panel>
        )}
      </Tabs>
    );
  }

  const scope = report && scopeText(report);
  return (
    <Stack gap="md" maw={1200} mx="auto" className={classes.screen} data-report-print>
      {back && <div className={classes.noPrint}>{back}</div>}
      <PageHeader title={report?.heading.name ?? TITLES[kind]} description={describe(report)} actions={actions} />
      {scope && (
        <Text size="sm" mt={-8} data-testid="report-scope">
          {scope}
        </Text>
      )}
      {report?.corrected_after_publishing && (
        <Text size="sm" c="caution.7" fw={600} data-testid="report-corrected" role="note">
          Corrected after publishing on {formatDate(report.corrected_after_publishing)}
        </Text>
      )}
      {share && report && <div className={classes.noPrint}>{share}</div>}
      <Paper
        withBorder
        radius="md"
        p={{ base: 'sm', sm: 'md' }}
        pos="relative"
        aria-busy={switching}
        className={classes.sheet}
      >
        {switching && (
          <Group gap="xs" mb="sm" aria-live="polite" className={classes.noPrint}>
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              Loading {formatMonth(month)}…
            </Text>
          </Group>
        )}
        {body}
      </Paper>
    </Stack>
  );
}
