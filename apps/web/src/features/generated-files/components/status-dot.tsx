import { Group, Text, Tooltip } from '@mantine/core';
import { fileStatusParts } from '@openrescue/shared';
import classes from './generated-files.module.css';

const FAILED = new Set(['ERROR', 'FAILED', 'FAIL']);

/**
 * Spec 2.4: the dot is green when the third part of file_status is SUCCESS. The result is also written beside it
 * (never colour alone) and the whole status is in the accessible name.
 */
export function StatusDot({ status }: { status: string }) {
  const { stage, step, result, ok } = fileStatusParts(status);
  const tone = ok ? 'ok' : FAILED.has(result.toUpperCase()) ? 'failed' : 'other';
  const word = result || 'PENDING';
  return (
    <Tooltip label={status || 'no status'} withinPortal>
      <Group
        gap={6}
        wrap="nowrap"
        className={classes.status}
        data-ok={ok}
        data-testid="status-dot"
        role="img"
        aria-label={`Status ${word}${stage ? ` (${[stage, step].filter(Boolean).join(', ')})` : ''}`}
      >
        <span className={classes.dot} data-tone={tone} aria-hidden="true" />
        <Text size="xs" span aria-hidden="true">
          {word}
        </Text>
      </Group>
    </Tooltip>
  );
}
