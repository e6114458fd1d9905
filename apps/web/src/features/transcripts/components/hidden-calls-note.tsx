import { Anchor, Text } from '@mantine/core';
import { useHiddenCalls } from '../api/count-hidden-calls';
import { otherSentiment, SENTIMENT_OPTIONS, type TranscriptFilterState } from '../lib/transcript-filters';

/**
 * What the Sentiment Score filter leaves out ('5 negative calls hidden by the filter'), with a link that shows them
 * (the other sentiment). Nothing while none are hidden or the count is not known.
 */
export function HiddenCallsNote({
  filters,
  onShow,
}: {
  filters: TranscriptFilterState;
  onShow: (sentiment: TranscriptFilterState['sentiment']) => void;
}) {
  const hidden = useHiddenCalls(filters);
  const count = hidden.data ?? 0;
  if (count === 0) return null;
  const other = otherSentiment(filters.sentiment);
  const label = SENTIMENT_OPTIONS.find((o) => o.value === other)?.label ?? other;
  return (
    <Text size="sm" c="dimmed" data-testid="hidden-calls" aria-live="polite">
      {`${count.toLocaleString('en-US')} ${label.toLowerCase()} ${count === 1 ? 'call' : 'calls'} hidden by the filter · `}
      <Anchor component="button" type="button" size="sm" onClick={() => onShow(other)}>
        Show {label.toLowerCase()} calls
      </Anchor>
    </Text>
  );
}
