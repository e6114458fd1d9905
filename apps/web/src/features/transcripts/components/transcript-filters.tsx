import { NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { formatNumber, STORE_SEARCH_DEBOUNCE_MS } from '@openrescue/shared';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { SENTIMENT_OPTIONS, type TranscriptFilterState } from '../lib/transcript-filters';

const MAX_MIN_LENGTH = 1_000_000;

/** What is wrong with a typed call length, or undefined when it can filter. */
function minLengthError(v: string | number): string | undefined {
  const n = typeof v === 'number' ? v : /^\s*-\s*\d/.test(v) ? -1 : NaN;
  if (n < 0) return 'A call cannot be shorter than 0 s: enter 0 or more seconds.';
  if (n > MAX_MIN_LENGTH) return `At most ${formatNumber(MAX_MIN_LENGTH)} seconds.`;
  return undefined;
}

/** The three filters of spec 2.12: Search (caller, number or gist), 'Call greater than (s)' and Sentiment Score. */
export function TranscriptFilters({
  value,
  onChange,
}: {
  value: TranscriptFilterState;
  onChange: (key: 'search' | 'min_length' | 'sentiment', v: string | null) => void;
}) {
  const [text, setText] = useState(value.search);
  const [debounced] = useDebouncedValue(text, STORE_SEARCH_DEBOUNCE_MS);
  useEffect(() => setText(value.search), [value.search]);
  // Only a new debounced text sends a search; the current value and onChange are read when it does.
  const sendSearch = useEffectEvent((typed: string) => {
    const trimmed = typed.trim();
    if (trimmed !== value.search) onChange('search', trimmed || null);
  });
  useEffect(() => sendSearch(debounced), [debounced]);
  const sentimentId = useId();
  // The length as typed: a negative one is refused in place, not turned into its positive (decision 0064).
  const [length, setLength] = useState<string | number>(value.minLength ?? '');
  useEffect(() => setLength(value.minLength ?? ''), [value.minLength]);
  const lengthError = minLengthError(length);
  return (
    <>
      <TextInput
        label="Search"
        description="Caller, number or gist"
        type="search"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
      />
      <NumberInput
        label="Call greater than (s)"
        min={0}
        max={MAX_MIN_LENGTH}
        clampBehavior="none"
        allowDecimal={false}
        value={length}
        error={lengthError}
        onChange={(v) => {
          setLength(v);
          if (minLengthError(v) || v === '-') return;
          onChange('min_length', v === '' || v === null ? null : String(v));
        }}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={sentimentId}>
          Sentiment Score
        </Text>
        <SegmentedControl
          aria-labelledby={sentimentId}
          data={SENTIMENT_OPTIONS}
          value={value.sentiment}
          onChange={(v) => onChange('sentiment', v === 'neutral' ? null : v)}
        />
      </Stack>
    </>
  );
}
