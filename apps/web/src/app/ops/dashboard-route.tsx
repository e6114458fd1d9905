import { Alert, Button, Center, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { isJobRunning, type Viewer } from '@openrescue/shared';
import { useMemo } from 'react';
import { useClientAccess } from '../../features/client-access/api/get-company-user';
import { ImpactDashboard } from '../../features/dashboard/components/impact-dashboard';
import { useJobs } from '../../features/jobs/api/get-jobs';
import { JobItem } from '../../features/jobs/components/job-item';
import { TableMetricsTable } from '../../features/table-metrics/components/table-metrics-table';
import { useSession } from '../../lib/session-context';
import { SectionHeader } from './section-header';

const NETWORK = { kind: 'all' } as const;

function RunningJobs() {
  const jobs = useJobs(true);
  if (jobs.isPending)
    return (
      <Center py="lg">
        <Loader size="sm" role="status" aria-label="Loading jobs" />
      </Center>
    );
  if (jobs.isError) {
    return (
      <Alert color="red" variant="light" title="Jobs could not be loaded" role="alert">
        <Button size="xs" variant="default" onClick={() => void jobs.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const running = jobs.data.filter((job) => isJobRunning(job.status));
  if (running.length === 0)
    return (
      <Text c="dimmed" data-testid="jobs-idle">
        No jobs are running right now.
      </Text>
    );
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Running jobs">
      {running.map((job, index) => (
        <JobItem key={job.id} job={job} divided={index > 0} />
      ))}
    </Stack>
  );
}

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** /ops/dashboard: the network-wide impact figures, the main tables' figures and the running jobs (staff). */
export function OpsDashboardRoute() {
  const { user } = useSession();
  const { access, companyUser, isPending } = useClientAccess(user);
  const viewer = useMemo<Viewer | null>(
    () => (user ? { staff: user.staff, email: user.email, companyUser } : null),
    [user, companyUser],
  );
  const granted =
    access && (access.kind === 'admin' || access.kind === 'company' || access.kind === 'store') ? access : null;

  return (
    <Stack gap="xl">
      <SectionHeader id="dashboard" />
      {isPending || !viewer ? (
        <Center py="xl">
          <Loader role="status" aria-label="Loading the dashboard" />
        </Center>
      ) : granted ? (
        <ImpactDashboard
          viewer={viewer}
          access={granted}
          lockedScope={granted.kind === 'admin' ? NETWORK : undefined}
        />
      ) : (
        <Text c="dimmed">The impact figures are not available for this account.</Text>
      )}
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Panel title="Running jobs">
          <RunningJobs />
        </Panel>
        <Panel title="Data tables">
          <TableMetricsTable />
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
