import { CloseButton, Combobox, Text, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { isSearchActive, MAP_SEARCH_MIN_CHARS, searchSuggestions, type MapOrganization } from '@openrescue/shared';
import { IconSearch } from '@tabler/icons-react';
import { useMemo } from 'react';

export interface MapSearchProps {
  /** The organizations the filters show; suggestions come from these (name or city). */
  candidates: readonly MapOrganization[];
  value: string;
  onChange: (value: string) => void;
  onPick: (org: MapOrganization) => void;
  /** Organizations the map shows now, announced to screen readers. */
  matches: number;
}

/**
 * The map search (sections 4, 5): from 3 typed characters it filters the map by name, or by city (decision 0060),
 * and offers suggestions.
 */
export function MapSearch({ candidates, value, onChange, onPick, matches }: MapSearchProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const suggestions = useMemo(() => searchSuggestions(candidates, value), [candidates, value]);
  const active = isSearchActive(value);
  return (
    <>
      <Combobox
        store={combobox}
        onOptionSubmit={(id) => {
          const org = suggestions.find((o) => String(o.id) === id);
          if (org) onPick(org);
          combobox.closeDropdown();
        }}
      >
        <Combobox.Target>
          <TextInput
            aria-label="Search organizations by name or city"
            placeholder="Name or city"
            title={`Type ${MAP_SEARCH_MIN_CHARS} or more letters of a name or a city`}
            value={value}
            leftSection={<IconSearch size={16} aria-hidden="true" />}
            rightSection={
              value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onChange('')} /> : null
            }
            onChange={(e) => {
              onChange(e.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onClick={() => combobox.openDropdown()}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            data-testid="map-search"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={suggestions.length === 0}>
          <Combobox.Options aria-label="Suggestions">
            {suggestions.map((org) => (
              <Combobox.Option value={String(org.id)} key={org.id}>
                <Text size="sm">{org.name}</Text>
                {org.city && (
                  <Text size="xs" c="dimmed">
                    {org.city}
                  </Text>
                )}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <VisuallyHidden aria-live="polite">
        {active ? `${matches} ${matches === 1 ? 'organization matches' : 'organizations match'}` : ''}
      </VisuallyHidden>
    </>
  );
}
