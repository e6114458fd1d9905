import { Select, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useLookup } from '../lib/lookups';

/** Matches after more than 1 typed character (section 5 "Map search", DESIGN 6 "Pickers"); fewer shows all. */
const searchFilter: OptionsFilter = ({ options, search }) => {
  const needle = search.trim().toLowerCase();
  if (needle.length <= 1) return options;
  return (options as ComboboxItem[]).filter((o) => o.label.toLowerCase().includes(needle));
};

export interface LookupFilterProps {
  kind: 'receivers' | 'stores' | 'companies' | 'reasons';
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}

/** A picker over a lookup list, for a list screen's filter drop. */
export function LookupFilter({ kind, label, value, onChange }: LookupFilterProps) {
  const lookup = useLookup(kind);
  return (
    <Select
      label={label}
      placeholder={lookup.isPending ? 'Loading…' : 'Any'}
      data={lookup.data ?? []}
      value={value}
      onChange={onChange}
      searchable
      clearable
      // The filter drop moves focus to its first picker; that alone must not open the list over the others.
      openOnFocus={false}
      filter={searchFilter}
      limit={200}
      nothingFoundMessage="Nothing matches"
      comboboxProps={{ withinPortal: false }}
      // The listbox scrolls itself (no inner scroll area, whose divs are not allowed inside a listbox) and a
      // scrolling region must be reachable by keyboard; the options move with the arrow keys.
      withScrollArea={false}
      styles={{ options: { maxHeight: 260, overflowY: 'auto' } }}
      attributes={{ options: { tabIndex: 0 } }}
      error={lookup.isError ? `${label} options could not be loaded` : undefined}
    />
  );
}
