import { Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './compact-list.module.css';

/** A bordered list of one-line rows (a name and its actions), as in the detail and side panels. */
export function CompactList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" component="ul" aria-label={label} className={classes.list}>
      {children}
    </Paper>
  );
}

export function CompactListRow({ children }: { children: ReactNode }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" className={classes.row}>
      {children}
    </Group>
  );
}
