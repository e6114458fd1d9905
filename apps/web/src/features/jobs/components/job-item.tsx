import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { formatDateTime, isJobRunning, type JobStatus } from '@openrescue/shared';
import { BreakableName } from '../../../components/breakable-name';
import type { Job } from '../api/get-jobs';

const STATUS_COLOR: Record<JobStatus, string> = {
  started: 'blue.8',
  progressing: 'blue.8',
  initialized: 'gray.7',
  succeeded: 'rescue.7',
  failed: 'red.9',
};

export function jobPercent(job: Pick<Job, 'processed' | 'total'>): number {
  if (!job.total || job.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((job.processed / job.total) * 100)));
}

export function JobItem({ job, divided = false }: { job: Job; divided?: boolean }) {
  const percent = jobPercent(job);
  const running = isJobRunning(job.status);
  const calm = useReducedMotion();
  return (
    <Stack
      component="li"
      gap={6}
      py="sm"
      style={divided ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
      data-testid="job-item"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
            <BreakableName name={job.name} />
          </Text>
          {/* Jobs of one kind share a name (every import is network_import): the id tells them apart. */}
          {job.id !== job.name && (
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              <BreakableName name={job.id} />
            </Text>
          )}
        </div>
        <Badge color={STATUS_COLOR[job.status] ?? 'gray.7'} variant="filled" style={{ flexShrink: 0 }}>
          {job.status}
        </Badge>
      </Group>
      <Progress.Root size="md">
        <Progress.Section
          value={percent}
          animated={running && !calm}
          striped={running}
          color={job.status === 'failed' ? 'red.9' : undefined}
          aria-label={`${job.name} progress`}
        />
      </Progress.Root>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {job.processed.toLocaleString('en-US')} / {job.total.toLocaleString('en-US')} processed ({percent}%)
        </Text>
        {job.updated_at && (
          <Text size="xs" c="dimmed">
            {formatDateTime(job.updated_at)}
          </Text>
        )}
      </Group>
      {job.error && (
        <Text size="xs" c="red.9">
          {job.error}
        </Text>
      )}
    </Stack>
  );
}
