import { Text } from '@mantine/core';
import { countOf, formatNumber } from '@openrescue/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import type { GeneratedFilesList } from '../api/find-generated-files';

const files = (n: number) => countOf(n, 'file', 'files');

/** The header's file count: the files listed, and how many documents match when that differs. */
export function FileCount({ query }: { query: UseQueryResult<GeneratedFilesList> }) {
  const text = query.isPending
    ? 'Loading…'
    : query.isError
      ? 'File count unavailable'
      : `${files(query.data.rows.length)}${query.data.matched !== query.data.rows.length ? ` (${formatNumber(query.data.matched)} documents match)` : ''}`;
  return (
    <Text component="span" inherit aria-live="polite" data-testid="file-count">
      {text}
    </Text>
  );
}
