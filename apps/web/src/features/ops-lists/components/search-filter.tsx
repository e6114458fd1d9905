import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { STORE_SEARCH_DEBOUNCE_MS } from '@openrescue/shared';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useEffectEvent, useState } from 'react';

/** A name search: applies after more than 1 typed character (section 5), 500 ms after typing; empty clears it. */
export function SearchFilter({
  value,
  onChange,
  label = 'Search by name',
}: {
  value: string;
  onChange: (v: string) => void;
  label?: string;
}) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, STORE_SEARCH_DEBOUNCE_MS);
  useEffect(() => setText(value), [value]);
  // Only a new debounced text sends a search; the current value and onChange are read when it does.
  const sendSearch = useEffectEvent((typed: string) => {
    const trimmed = typed.trim();
    if (trimmed.length > 1 || trimmed.length === 0) {
      if (trimmed !== value) onChange(trimmed);
    }
  });
  useEffect(() => sendSearch(debounced), [debounced]);
  const short = text.trim().length === 1;
  return (
    <TextInput
      label={label}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      description={short ? 'Type 2 or more letters' : undefined}
      type="search"
    />
  );
}
