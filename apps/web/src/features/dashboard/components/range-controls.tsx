import { Select } from '@mantine/core';
import { DatePickerInput, MonthPickerInput } from '@mantine/dates';
import { customRangeProblem, MAX_RANGE_YEARS, rangeOption, type CustomRange, type RangeKey } from '@openrescue/shared';
import dayjs from 'dayjs';
import { IconCalendar, IconCalendarMonth } from '@tabler/icons-react';
import { memo, useState } from 'react';

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

export interface CustomRangePickerProps {
  value: CustomRange;
  /** The newest day offered: today in the report time zone. */
  latest: string;
  onChange: (range: CustomRange) => void;
}

/**
 * A custom range's first and last day (decision 0073): Mantine's range calendar, days in the report time zone. The
 * range is applied once both days are chosen and it is at most MAX_RANGE_YEARS years; until then it is only shown.
 */
export const CustomRangePicker = memo(function CustomRangePicker({ value, latest, onChange }: CustomRangePickerProps) {
  const [picked, setPicked] = useState<[string | null, string | null] | null>(null);
  const shown: [string | null, string | null] = picked ?? [value.from, value.to];
  const problem = picked && picked[0] && picked[1] ? customRangeProblem(picked[0], picked[1]) : null;
  return (
    <DatePickerInput
      type="range"
      label="Dates"
      description={`Any range up to ${MAX_RANGE_YEARS} years`}
      value={shown}
      maxDate={latest}
      allowSingleDateInRange
      onChange={(next) => {
        const [from, to] = next;
        if (from && to && customRangeProblem(from, to) === null) {
          setPicked(null);
          onChange({ from, to });
        } else setPicked([from, to]);
      }}
      onDropdownClose={() => setPicked(null)}
      error={problem}
      valueFormat="MMM D, YYYY"
      leftSection={<IconCalendar size={16} aria-hidden="true" />}
      leftSectionPointerEvents="none"
      ariaLabels={{ previousMonth: 'Previous month', nextMonth: 'Next month', monthLevelControl: 'Choose a month' }}
      getDayProps={(date) => ({ 'aria-label': dayjs(date).format('D MMMM YYYY') })}
      popoverProps={{ position: 'bottom-start', attributes: { dropdown: { 'aria-label': 'Choose the dates' } } }}
      data-testid="custom-range-picker"
    />
  );
});
