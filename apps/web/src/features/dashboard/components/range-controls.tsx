import { Select } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { rangeOption, type RangeKey } from '@openrescue/shared';
import dayjs from 'dayjs';
import { IconCalendarMonth } from '@tabler/icons-react';
import { memo } from 'react';

export interface RangeSelectProps {
  ranges: readonly RangeKey[];
  value: RangeKey;
  onChange: (range: RangeKey) => void;
  /** The list opened: a range is about to be chosen (the dashboard asks for the others' figures meanwhile). */
  onOpen?: () => void;
}

/** The 'Reporting Range' drop (section 9 ranges this viewer may use). */
export const RangeSelect = memo(function RangeSelect({ ranges, value, onChange, onOpen }: RangeSelectProps) {
  return (
    <Select
      label="Reporting Range"
      description="How far back from the end month"
      data={ranges.map((key) => ({ value: key, label: rangeOption(key).label }))}
      value={value}
      onChange={(next) => next && onChange(next as RangeKey)}
      allowDeselect={false}
      onDropdownOpen={onOpen}
      data-testid="range-select"
    />
  );
});

export interface MonthPickerProps {
  value: string;
  /** The newest month offered: the current month in the report time zone. */
  latest: string;
  onChange: (month: string) => void;
}

/** The end month of the range (default: the previous month). */
export const MonthPicker = memo(function MonthPicker({ value, latest, onChange }: MonthPickerProps) {
  return (
    <MonthPickerInput
      label="End month"
      description="The range ends with this month"
      value={value}
      maxDate={latest}
      onChange={(next) => next && onChange(`${next.slice(0, 7)}-01`)}
      valueFormat="MMMM YYYY"
      leftSection={<IconCalendarMonth size={16} aria-hidden="true" />}
      leftSectionPointerEvents="none"
      ariaLabels={{ previousYear: 'Previous year', nextYear: 'Next year', yearLevelControl: 'Choose a year' }}
      getMonthControlProps={(date) => ({ 'aria-label': dayjs(date).format('MMMM YYYY') })}
      popoverProps={{ position: 'bottom-start', attributes: { dropdown: { 'aria-label': 'Choose the end month' } } }}
      data-testid="month-picker"
    />
  );
});
