import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import type { CompanyReportJob } from '@openrescue/shared';
import { IconReportAnalytics } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { memo, useState } from 'react';
import { DownloadButton } from '../../../components/download-button';
import {
  companyReportFileName,
  downloadCompanyReport,
  downloadCompanyReportJobFile,
  reportIsJob,
  startCompanyReportJob,
  useCompanyReportJob,
} from '../api/company-report';
import { showApiError } from '../../../lib/show-api-error';

/** 'October 2026', as the month picker beside the button writes it. */
const monthName = (month: string) =>
  new Date(`${month}T12:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export interface CompanyReportButtonProps {
  companyId: number;
  company: string;
  stores: number;
  /** The dashboard's end month, 'YYYY-MM-01'. */
  month: string;
}

function JobProgress({ job: started, company, month }: { job: CompanyReportJob; company: string; month: string }) {
  const { data: job = started } = useCompanyReportJob(started);
  const percent = job.total ? Math.round((100 * job.processed) / job.total) : 0;
  if (job.status === 'failed') {
    return (
      <Alert color="red" title="The report could not be prepared" role="alert">
        {job.error}
      </Alert>
    );
  }
  if (job.status !== 'succeeded') {
    return (
      <Stack gap={4} aria-label="Report progress">
        <Text size="sm" aria-live="polite" data-testid="company-report-progress">
          Preparing: {job.processed.toLocaleString('en-US')} of {job.total.toLocaleString('en-US')} parts
        </Text>
        <Progress value={percent} aria-label="Report prepared" animated />
      </Stack>
    );
  }
  return (
    <Group gap="xs">
      <DownloadButton
        load={() => downloadCompanyReportJobFile(job.id, 'xlsx')}
        fileName={job.files?.xlsx ?? companyReportFileName(company, month, 'xlsx')}
      >
        Excel (.xlsx)
      </DownloadButton>
      <DownloadButton
        load={() => downloadCompanyReportJobFile(job.id, 'pdf')}
        fileName={job.files?.pdf ?? companyReportFileName(company, month, 'pdf')}
      >
        PDF
      </DownloadButton>
    </Group>
  );
}

/**
 * 'Company report' beside the dashboard's month (issue 37 §2): one spreadsheet and one PDF of every store of the
 * company for that month. A company of more than 50 stores has it prepared as a job, with its progress shown.
 */
export const CompanyReportButton = memo(function CompanyReportButton({
  companyId,
  company,
  stores,
  month,
}: CompanyReportButtonProps) {
  const [open, setOpen] = useState(false);
  const [job, setJob] = useState<CompanyReportJob | null>(null);
  const asJob = reportIsJob(stores);
  const start = useMutation({
    mutationFn: () => startCompanyReportJob(companyId, month),
    onSuccess: setJob,
    onError: (error) => showApiError(error),
  });
  const shownJob = job && job.month === month && job.company_id === companyId ? job : null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconReportAnalytics size={16} aria-hidden="true" />}
        onClick={() => setOpen(true)}
        data-testid="company-report-button"
      >
        Company report
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Company report, ${monthName(month)}`}>
        <Stack gap="sm">
          <Text size="sm">
            {company}, {monthName(month)}: a spreadsheet with a Summary sheet and a sheet per store (Month and year to
            date), and a PDF with a summary page and a page per store ({stores.toLocaleString('en-US')} stores).
          </Text>
          {!asJob ? (
            <Group gap="xs">
              <DownloadButton
                load={() => downloadCompanyReport(companyId, month, 'xlsx')}
                fileName={companyReportFileName(company, month, 'xlsx')}
              >
                Excel (.xlsx)
              </DownloadButton>
              <DownloadButton
                load={() => downloadCompanyReport(companyId, month, 'pdf')}
                fileName={companyReportFileName(company, month, 'pdf')}
              >
                PDF
              </DownloadButton>
            </Group>
          ) : shownJob ? (
            <JobProgress key={shownJob.id} job={shownJob} company={company} month={month} />
          ) : (
            <Group>
              <Button onClick={() => start.mutate()} loading={start.isPending}>
                Prepare the report
              </Button>
            </Group>
          )}
        </Stack>
      </Modal>
    </>
  );
});
