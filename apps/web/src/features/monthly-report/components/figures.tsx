import { Group, Text } from '@mantine/core';
import { DEPARTMENTS, DESTINATIONS, formatNumber } from '@openrescue/shared';
import classes from './report.module.css';

/** Number display of the report tables: thousands separators; kg and CO2e to one decimal, the rest whole. */
const oneDecimal = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
export const fmtKg = (kg: number) => oneDecimal.format(kg);
export const fmtWhole = (n: number) => formatNumber(n);
export const fmtMoney = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(n);

/** A weight as '1,234.5 kg (2,722 lb)': wherever a weight is shown, the lb figure follows it (DESIGN 6 "Units"). */
export function Weight({ kg, lb }: { kg: number; lb: number }) {
  return (
    <Text span inherit className={classes.nowrap}>
      {fmtKg(kg)} kg{' '}
      <Text span inherit c="dimmed">
        ({fmtWhole(lb)} lb)
      </Text>
    </Text>
  );
}

/** A department or destination name with its fixed colour (decorative: the name is the text). */
export function Swatch({ kind, id, name }: { kind: 'department' | 'destination'; id: number; name: string }) {
  const list: readonly { id: number; color: string }[] = kind === 'department' ? DEPARTMENTS : DESTINATIONS;
  const color = list.find((x) => x.id === id)?.color ?? '#868e96';
  return (
    <Group gap={6} wrap="nowrap">
      <span
        aria-hidden="true"
        style={{ width: 12, height: 12, borderRadius: 3, background: color, flex: 'none', display: 'inline-block' }}
      />
      <span>{name}</span>
    </Group>
  );
}

const grams = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });
/** A single donation's weight, to the gram. */
export const fmtRawKg = (kg: number) => grams.format(kg);
