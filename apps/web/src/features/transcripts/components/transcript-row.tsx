import { Group, Text, Tooltip } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { TranscriptRow } from '../api/get-transcripts';
import { formatDate, formatPhone } from '../lib/format';
import { SentimentIcon } from './sentiment-icon';
import classes from './transcript-row.module.css';

/** One call of the list: id, Date, caller, to, from, length (s), the headline as a tooltip and the sentiment icon. */
export function TranscriptRowContent({ row }: { row: TranscriptRow }) {
  const cells: [string, string][] = [
    ['id', String(row.id)],
    ['Date', formatDate(row.created_at)],
    ['caller', row.tw_caller_name ?? '—'],
    ['to', formatPhone(row.tw_to_number)],
    ['from', formatPhone(row.tw_from_number)],
    ['length (s)', row.tw_call_length === null ? '—' : String(row.tw_call_length)],
  ];
  return (
    <div className={classes.row} data-testid="transcript-row">
      {cells.map(([label, value]) => (
        <div key={label} className={classes.cell} data-cell={label}>
          <Text size="xs" c="dimmed" className={classes.label}>
            {label}
          </Text>
          <Text size="sm" fw={label === 'caller' ? 600 : undefined} truncate="end" title={value}>
            {value}
          </Text>
        </div>
      ))}
      <div className={classes.cell} data-cell="headline">
        <Text size="xs" c="dimmed" className={classes.label}>
          headline
        </Text>
        <Tooltip label={row.aai_headline ?? 'No headline'} multiline w={320} withinPortal openDelay={150}>
          <Group gap={4} wrap="nowrap" data-testid="transcript-headline" aria-label={row.aai_headline ?? 'No headline'}>
            <IconInfoCircle
              size={16}
              aria-hidden="true"
              color="var(--mantine-color-dimmed)"
              style={{ flexShrink: 0 }}
            />
            <Text size="sm" c="dimmed" truncate="end">
              {row.aai_gist ?? row.aai_headline ?? '—'}
            </Text>
          </Group>
        </Tooltip>
      </div>
      <div className={classes.icon}>
        <SentimentIcon score={row.sentiment_score} />
      </div>
    </div>
  );
}
