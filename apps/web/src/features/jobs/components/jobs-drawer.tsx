import { Alert, Button, Center, Drawer, Loader, Stack, Text } from '@mantine/core';
import { useJobs } from '../api/get-jobs';
import { useLiveJobs } from '../api/live-jobs';
import { JobList } from './job-list';

export interface JobsDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Jobs History (spec 2.2): every job with a progress meter that moves live (the `tasks` stream, kept open while the
 * console is). If the stream is refused or lost, the panel shows the jobs as loaded when it opens.
 */
export function JobsDrawer({ opened, onClose }: JobsDrawerProps) {
  const live = useLiveJobs();
  const jobs = useJobs(opened && live.error);

  return (
    <Drawer opened={opened} onClose={onClose} title="Jobs History" position="right" size="md" data-testid="jobs-panel">
      {live.ready ? (
        <JobList jobs={live.docs} />
      ) : !live.error ? (
        <Center py="xl">
          <Loader aria-label="Loading jobs" role="status" />
        </Center>
      ) : jobs.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading jobs" role="status" />
        </Center>
      ) : jobs.isError ? (
        <Alert color="red" title="Jobs could not be loaded" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{jobs.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => void jobs.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <JobList jobs={jobs.data} />
      )}
    </Drawer>
  );
}
