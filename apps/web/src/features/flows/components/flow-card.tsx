import { Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { FLOW_DESCRIPTIONS, type FlowId, type JobStatus } from '@openrescue/shared';
import { BreakableName } from '../../../components/breakable-name';
import { type FlowRun, runSummary } from '../lib/flow-runs';

const STATUS_COLOR: Record<JobStatus, string> = {
  initialized: 'gray.7',
  started: 'blue.8',
  progressing: 'blue.8',
  succeeded: 'rescue.7',
  failed: 'red.9',
};

export interface FlowCardProps {
  id: FlowId;
  /** Its latest run (for a step, possibly the whole flow's run that did the step). */
  run: FlowRun | null;
  /** A run of this flow itself is queued or going on: the button waits for it. */
  busy: boolean;
  starting: boolean;
  onStart(id: FlowId): void;
}

/** One flow: what it does, a button that starts it, and its latest run as Jobs History shows it. */
export function FlowCard({ id, run, busy, starting, onStart }: FlowCardProps) {
  const running = !!run && run.status !== 'succeeded' && run.status !== 'failed';
  const percent =
    run?.count && run.count.total > 0
      ? Math.min(100, Math.round((run.count.processed / run.count.total) * 100))
      : running
        ? 0
        : 100;
  const headingId = `flow-${id}`;
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-labelledby={headingId}
      data-testid="flow-card"
      data-flow={id}
    >
      <Stack gap="sm" h="100%">
        <Title order={2} size="h4" id={headingId} style={{ wordBreak: 'break-word' }}>
          <BreakableName name={id} />
        </Title>
        <Text size="sm" style={{ flexGrow: 1 }}>
          {FLOW_DESCRIPTIONS[id]}
        </Text>
        <Stack gap={6} aria-live="polite" data-testid="flow-run">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
              <BreakableName name={runSummary(run)} />
            </Text>
            {run && (
              <Badge color={STATUS_COLOR[run.status]} variant="filled" style={{ flexShrink: 0 }}>
                {run.status}
              </Badge>
            )}
          </Group>
          {run && (
            <Progress
              value={percent}
              size="sm"
              striped={running}
              color={run.status === 'failed' ? 'red.9' : undefined}
              aria-label={`${id} progress`}
            />
          )}
          {run?.error && (
            <Text size="xs" c={run.status === 'failed' ? 'red.9' : 'dimmed'}>
              {run.error}
            </Text>
          )}
        </Stack>
        <Button onClick={() => onStart(id)} loading={starting} disabled={busy} aria-label={`Run ${id}`}>
          {busy ? 'Running…' : 'Run'}
        </Button>
      </Stack>
    </Card>
  );
}
