import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './savings-calculator.module.css';

export interface ProgramRow {
  key: string;
  label: string;
  value: ReactNode;
  /** What the figure is based on, shown under it. */
  note?: ReactNode;
}

/** One program's results: a heading and a description list of figures (label, then value). */
export function ProgramCard({
  id,
  title,
  accent,
  rows,
}: {
  id: string;
  title: string;
  accent?: string;
  rows: ProgramRow[];
}) {
  const headingId = `calculator-${id}-heading`;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={headingId}
      className={classes.card}
      style={{ borderTopColor: accent }}
      data-testid={`result-${id}`}
    >
      <Title order={2} size="h4" id={headingId} mb="sm">
        {title}
      </Title>
      <dl className={classes.figures}>
        {rows.map((row) => (
          <div key={row.key} className={classes.figure}>
            <Text component="dt" size="sm" c="dimmed">
              {row.label}
            </Text>
            <Text component="dd" fz="xl" fw={650} data-testid={`result-${id}-${row.key}`}>
              {row.value}
            </Text>
            {row.note ? <dd className={classes.note}>{row.note}</dd> : null}
          </div>
        ))}
      </dl>
    </Paper>
  );
}
