import { defaultOptionsFilter, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';

/** Option search starts after more than 1 typed character (section 5). */
export const MIN_SEARCH_CHARS = 2;

function dropEmptyGroups(items: ComboboxParsedItem[]): ComboboxParsedItem[] {
  return items.filter((item) => !('group' in item) || item.items.length > 0);
}

/**
 * A Select filter driven by the debounced search text rather than the live one: the list filters once the typing
 * pauses, and only when the text is longer than 1 character and is not just the selected option's label.
 */
export function storeSearchFilter(debouncedSearch: string, selectedLabel: string | undefined): OptionsFilter {
  const text = debouncedSearch.trim();
  return ({ options, limit }) => {
    if (text.length < MIN_SEARCH_CHARS || text === selectedLabel) return options;
    return dropEmptyGroups(defaultOptionsFilter({ options, search: text, limit }) as ComboboxParsedItem[]);
  };
}
