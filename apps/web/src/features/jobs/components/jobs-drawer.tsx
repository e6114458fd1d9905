import { Alert, Button, Center, Drawer, Loader, Stack, Text } from '@mantine/core';
import { useJobs } from '../api/get-jobs';
import { JobList } from './job-list';

export interface JobsDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** Jobs History (spec 2.2): every job with a progress meter. */
export function JobsDrawer({ opened, onClose }: JobsDrawerProps) {
  const jobs = useJobs(opened);

  return (
    <Drawer opened={opened} onClose={onClose} title="Jobs History" position="right" size="md" data-testid="jobs-panel">
      {jobs.isPending ? (
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
