import { Select } from '@mantine/core';
import { defaultMonth, formatMonth, monthChoices, reportDay } from '@openrescue/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';


/**
 * The report month kept in the address (?month=YYYY-MM-01) so a link opens the same month: one of the last 12
 * months, the first day of last month unless chosen otherwise (sections 4 and 9).
 */
export function useReportMonth() {
  const [params, setParams] = useSearchParams();
  const choices = useMemo(() => monthChoices(defaultMonth(reportDay())), []);
  const asked = params.get('month');
  const month = asked && choices.includes(asked) ? asked : choices[0];
  const setMonth = useCallback(
    (next: string) =>
      setParams(
        (prev) => {
          const copy = new URLSearchParams(prev);
          copy.set('month', next);
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { month, choices, setMonth };
}

export interface MonthSelectProps {
  month: string;
  choices: string[];
  onChange: (month: string) => void;
}

export function MonthSelect({ month, choices, onChange }: MonthSelectProps) {
  const data = useMemo(() => choices.map((m) => ({ value: m, label: formatMonth(m) })), [choices]);
  return (
    <Select
      label="Month"
      data={data}
      value={month}
      onChange={(value) => value && onChange(value)}
      allowDeselect={false}
      checkIconPosition="right"
      w={{ base: '100%', xs: 180 }}
      comboboxProps={{ withinPortal: true }}
      data-testid="month-select"
    />
  );
}
