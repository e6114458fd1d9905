import { Stack, Text } from '@mantine/core';
import { messages } from '@openrescue/shared';
import type { Job } from '../api/get-jobs';
import { newestFirst } from '../lib/newest-first';
import { JobItem } from './job-item';

/** The jobs with their progress meters, newest first, or 'I am empty :(' when there are none. */
export function JobList({ jobs }: { jobs: readonly Job[] }) {
  if (jobs.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl" data-testid="jobs-empty">
        {messages.jobsEmpty}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Jobs">
      {newestFirst(jobs).map((job, index) => (
        <JobItem key={job.id} job={job} divided={index > 0} />
      ))}
    </Stack>
  );
}
