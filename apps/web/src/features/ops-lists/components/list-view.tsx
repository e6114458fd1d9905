import { Alert, Box, Button, Center, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListPage } from '../api/list-page';
import classes from './list-view.module.css';

export interface ListViewProps<T> {
  /** Accessible name of the list ('Receivers'). */
  label: string;
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>>>;
  rowKey: (row: T) => string | number;
  renderRow: (row: T) => ReactNode;
  /** When given, each row is a link (opening its detail panel); otherwise a plain item. */
  rowHref?: (row: T) => string;
  rowLabel?: (row: T) => string;
  emptyText: string;
  /** Controls above the list (filter drop, actions). */
  toolbar?: ReactNode;
}

function useLoadMoreOnScroll(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const node = ref.current;
    if (!node || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) callback.current();
    }, { rootMargin: '300px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

/** The list half of the list-screen recipe: loaded/total, rows, more on scroll, loading/empty/error states. */
export function ListView<T>({ label, query, rowKey, renderRow, rowHref, rowLabel, emptyText, toolbar }: ListViewProps<T>) {
  const pages = query.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.results);
  const total = pages[0]?.count ?? 0;
  const loadMore = () => {
    if (query.hasNextPage && !query.isFetchingNextPage && !query.isError) void query.fetchNextPage();
  };
  const sentinel = useLoadMoreOnScroll(loadMore, Boolean(query.hasNextPage));

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="list-count">
          {query.isPending ? 'Loading…' : <><span className={classes.srOnly}>Loaded </span>{`${rows.length}/${total}`}<span className={classes.srOnly}> {label.toLowerCase()}</span></>}
        </Text>
        {toolbar}
      </Group>

      {query.isPending ? (
        <Center py="xl" aria-busy="true"><Loader role="status" aria-label={`Loading ${label.toLowerCase()}`} /></Center>
      ) : query.isError && rows.length === 0 ? (
        <Alert color="red" variant="light" title={`${label} could not be loaded`} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error instanceof Error ? query.error.message : 'Something went wrong'}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>Try again</Button>
          </Stack>
        </Alert>
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md"><Text c="dimmed" data-testid="list-empty">{emptyText}</Text></Paper>
      ) : (
        <Paper withBorder radius="md" className={classes.list} component="ul" aria-label={label}>
          {rows.map((row) => (
            <li key={rowKey(row)} className={classes.item}>
              {rowHref ? (
                <UnstyledButton component={Link} to={rowHref(row)} state={{ fromList: true }} className={classes.row} aria-label={rowLabel?.(row)}>
                  {renderRow(row)}
                </UnstyledButton>
              ) : (
                <Box className={classes.row}>{renderRow(row)}</Box>
              )}
            </li>
          ))}
        </Paper>
      )}

      <div ref={sentinel} aria-hidden="true" />
      {query.isFetchingNextPage && <Center aria-busy="true"><Loader size="sm" role="status" aria-label="Loading more" /></Center>}
      {query.isError && rows.length > 0 && (
        <Alert color="red" variant="light" role="alert" title="More rows could not be loaded">
          <Button size="xs" variant="default" onClick={() => void query.fetchNextPage()}>Try again</Button>
        </Alert>
      )}
      {query.hasNextPage && !query.isFetchingNextPage && !query.isError && (
        <Center><Button variant="subtle" onClick={loadMore}>Load more</Button></Center>
      )}
    </Stack>
  );
}
