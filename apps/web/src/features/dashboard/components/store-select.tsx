import { Select, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { STORE_SEARCH_DEBOUNCE_MS } from '@openrescue/shared';
import { IconSearch } from '@tabler/icons-react';
import { memo, useMemo, useState } from 'react';
import type { ScopeOption } from '../lib/scope-options';
import { storeSearchFilter } from '../lib/store-search-filter';

export interface StoreSelectProps {
  options: ScopeOption[];
  value: string;
  onChange: (value: string) => void;
  loading?: boolean;
}

const NO_OPTIONS: ScopeOption[] = [];

function findLabel(options: ScopeOption[], value: string): string | undefined {
  for (const option of options) {
    if ('group' in option) {
      const hit = option.items.find((item: ComboboxItem) => item.value === value);
      if (hit) return hit.label;
    } else if (option.value === value) return option.label;
  }
  return undefined;
}

/** The store selector with search (spec 2.5): filters after more than 1 typed character, 500 ms after typing. */
export const StoreSelect = memo(function StoreSelect({ options, value, onChange, loading = false }: StoreSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, STORE_SEARCH_DEBOUNCE_MS);
  const selectedLabel = findLabel(options, value);
  const filter = useMemo(() => storeSearchFilter(debounced, selectedLabel), [debounced, selectedLabel]);
  const single = options.length === 1 && !('group' in options[0]);

  return (
    <Select
      label="Store"
      description={single ? 'Your reporting store' : 'Type 2 or more letters to search'}
      data={loading ? NO_OPTIONS : options}
      value={loading ? null : value}
      placeholder={loading ? 'Loading stores…' : undefined}
      onChange={(next) => next && onChange(next)}
      searchable={!single}
      onSearchChange={setSearch}
      // Typing replaces the selected store's name instead of adding to it.
      onFocus={(event) => event.currentTarget.select()}
      filter={filter}
      allowDeselect={false}
      nothingFoundMessage="No store matches that search"
      leftSection={single ? undefined : <IconSearch size={16} aria-hidden="true" />}
      rightSectionPointerEvents="none"
      disabled={loading}
      comboboxProps={{ shadow: 'md' }}
      // The listbox itself scrolls (no inner scroll area, whose divs are not allowed inside a listbox), and a
      // scrolling region must be reachable by keyboard; the options themselves move with the arrow keys.
      withScrollArea={false}
      styles={{ options: { maxHeight: 320, overflowY: 'auto' } }}
      attributes={{ options: { tabIndex: 0 } }}
      data-testid="store-select"
    />
  );
});
