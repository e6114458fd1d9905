import { Select } from '@mantine/core';
import { addMonths, currentReportMonth, defaultMonth, formatMonth, monthChoices, reportDay } from '@openrescue/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const MONTH_PARAM = /^\d{4}-(0[1-9]|1[0-2])-01$/;
/** The server's limit (documents/report-month.ts, decision 0041): 60 months before the current month. */
const MONTHS_BACK = 60;

/**
 * The report month kept in the address (?month=YYYY-MM-01) so a link opens the same month: one of the last 12
 * months, the first day of last month unless chosen otherwise (sections 4 and 9). A month the dashboard may choose
 * beyond those (the current month, or up to 60 months back) is honoured too and joins the choices in its place, so the
 * dashboard's month always opens its own report (decision 0058).
 */
export function useReportMonth() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month');
  const choices = useMemo(() => {
    const recent = monthChoices(defaultMonth(reportDay()));
    const current = currentReportMonth();
    const usable = !!asked && MONTH_PARAM.test(asked) && asked <= current && asked >= addMonths(current, -MONTHS_BACK);
    if (!usable || recent.includes(asked)) return recent;
    return [...recent, asked].sort().reverse();
  }, [asked]);
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
