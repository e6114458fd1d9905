import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './field-list.module.css';

/** Every field of a record as label/value pairs (a description list), two columns where there is room. */
export function FieldList({ fields, label }: { fields: Array<[string, ReactNode]>; label?: string }) {
  return (
    <dl className={classes.list} aria-label={label}>
      {fields.map(([name, value]) => (
        <div key={name} className={classes.pair}>
          <Text component="dt" size="xs" c="dimmed">
            {name}
          </Text>
          <Text component="dd" size="sm" className={classes.value}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Text>
        </div>
      ))}
    </dl>
  );
}
