import { Text } from '@mantine/core';
import { defaultMonth, formatMonth, reportDay } from '@openrescue/shared';

/**
 * Which month the stipend rows are for. With no month chosen the report shows the last full calendar month (the
 * server's default, network time zone), and says so.
 */
export function StipendMonthNote({ month }: { month: string | undefined }) {
  return (
    <Text size="sm" c="dimmed" data-testid="stipend-month">
      {month
        ? `Showing ${formatMonth(month)}`
        : `Showing ${formatMonth(defaultMonth(reportDay()))}, the last full month (no month chosen)`}
    </Text>
  );
}
