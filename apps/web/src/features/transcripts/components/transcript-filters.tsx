import { NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { STORE_SEARCH_DEBOUNCE_MS } from '@openrescue/shared';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { SENTIMENT_OPTIONS, type TranscriptFilterState } from '../lib/transcript-filters';

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
        max={1_000_000}
        allowDecimal={false}
        allowNegative={false}
        value={value.minLength ?? ''}
        onChange={(v) => onChange('min_length', v === '' || v === null ? null : String(v))}
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
