import { NativeSelect } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';
import type { SortOption } from '../lib/sort-options';

/**
 * A list's Sort select (decision 0065): the lists are rows of cards, not table columns, so the order is one labelled
 * choice beside Filters. Its value lives in the address as `?ordering=` (the default order leaves it out).
 */
export function ListSort({
  options,
  value,
  onChange,
}: {
  options: readonly SortOption[];
  value: string;
  /** The chosen `ordering`, or null for the default order. */
  onChange: (ordering: string | null) => void;
}) {
  return (
    <NativeSelect
      aria-label="Sort by"
      title="Sort by"
      size="sm"
      leftSection={<IconArrowsSort size={16} aria-hidden="true" />}
      data={options.map((o) => ({ value: o.value, label: o.label }))}
      value={value}
      onChange={(e) => {
        const next = e.currentTarget.value;
        onChange(next === options[0].value ? null : next);
      }}
    />
  );
}
