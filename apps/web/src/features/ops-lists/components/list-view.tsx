import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { memo, useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useWindowRows } from '../../../lib/use-window-rows';
import type { ListPage } from '../api/list-page';
import classes from './list-view.module.css';

export interface ListViewProps<T> {
  /** Accessible name of the list ('Receivers'). */
  label: string;
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>>>;
  rowKey: (row: T) => string | number;
  /**
   * Draws a row. Pass the same function from render to render (module level, or useCallback with what it reads
   * besides the row): the rows are memoised on it, and a new one draws every row in the page again, as on each
   * opening of a row's detail panel (the address changes and the list renders again).
   */
  renderRow: (row: T) => ReactNode;
  /** When given, each row is a link (opening its detail panel); otherwise a plain item. */
  rowHref?: (row: T) => string;
  rowLabel?: (row: T) => string;
  emptyText: string;
  /** Controls above the list (filter drop, actions). */
  toolbar?: ReactNode;
  /**
   * Render only the rows near the viewport (page-scrolled screens, where lists reach thousands of rows).
   * Off for lists inside a scrolling panel, which the window virtualizer cannot follow.
   */
  virtual?: boolean;
}

type RowsProps<T> = Pick<ListViewProps<T>, 'label' | 'rowKey' | 'renderRow' | 'rowHref' | 'rowLabel'> & { rows: T[] };

/** A row with its address and accessible name worked out by the list: strings, so the memo below can compare them. */
type RowBodyProps<T> = Pick<RowsProps<T>, 'renderRow'> & { row: T; href?: string; label?: string };

/**
 * Memoised: the virtualizer renders the list again as rows are measured and as the page scrolls, and the list renders
 * again when a row's panel opens; the rows already in the page need not render again for either.
 */
const RowBody = memo(function RowBody<T>({ row, href, label, renderRow }: RowBodyProps<T>) {
  return href !== undefined ? (
    <UnstyledButton component={Link} to={href} state={{ fromList: true }} className={classes.row} aria-label={label}>
      {renderRow(row)}
    </UnstyledButton>
  ) : (
    <Box className={classes.row}>{renderRow(row)}</Box>
  );
}) as <T>(props: RowBodyProps<T>) => ReactNode;

type RowsBody<T> = Omit<RowsProps<T>, 'rows' | 'label' | 'rowKey'>;
const rowBodyProps = <T,>(row: T, { rowHref, rowLabel, renderRow }: RowsBody<T>): RowBodyProps<T> => ({
  row,
  href: rowHref?.(row),
  label: rowLabel?.(row),
  renderRow,
});

function PlainRows<T>({ rows, label, rowKey, ...body }: RowsProps<T>) {
  return (
    <Paper withBorder radius="md" className={classes.list} component="ul" aria-label={label}>
      {rows.map((row) => (
        <li key={rowKey(row)} className={classes.item}>
          <RowBody {...rowBodyProps(row, body)} />
        </li>
      ))}
    </Paper>
  );
}

/** Only the rows near the viewport are in the page; each is measured, so rows of any height keep their place. */
function VirtualRows<T>({ rows, label, rowKey, ...body }: RowsProps<T>) {
  const { ref, items, before, after, measureElement } = useWindowRows<HTMLUListElement>(rows.length, 76, (index) =>
    rowKey(rows[index]),
  );
  return (
    <Paper
      withBorder
      radius="md"
      className={classes.list}
      component="ul"
      aria-label={label}
      ref={ref}
      style={{ paddingTop: before, paddingBottom: after }}
    >
      {items.map((item) => (
        <li
          key={item.key}
          data-index={item.index}
          ref={measureElement}
          aria-setsize={rows.length}
          aria-posinset={item.index + 1}
          className={classes.item}
        >
          <RowBody {...rowBodyProps(rows[item.index], body)} />
        </li>
      ))}
    </Paper>
  );
}

function useLoadMoreOnScroll(onVisible: () => void, active: boolean) {
  const ref = useRef<HTMLDivElement | null>(null);
  const visibleNow = useEffectEvent(onVisible);
  useEffect(() => {
    const node = ref.current;
    if (!node || !active || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) visibleNow();
      },
      { rootMargin: '300px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [active]);
  return ref;
}

/** The list half of the list-screen recipe: loaded/total, rows, more on scroll, loading/empty/error states. */
export function ListView<T>({
  label,
  query,
  rowKey,
  renderRow,
  rowHref,
  rowLabel,
  emptyText,
  toolbar,
  virtual = true,
}: ListViewProps<T>) {
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
          {query.isPending ? (
            'Loading…'
          ) : (
            <>
              <VisuallyHidden component="span">Loaded </VisuallyHidden>
              {`${rows.length}/${total}`}
              <VisuallyHidden component="span"> {label.toLowerCase()}</VisuallyHidden>
            </>
          )}
        </Text>
        {toolbar}
      </Group>

      {query.isPending ? (
        <Center py="xl" aria-busy="true">
          <Loader role="status" aria-label={`Loading ${label.toLowerCase()}`} />
        </Center>
      ) : query.isError && rows.length === 0 ? (
        <Alert color="red" variant="light" title={`${label} could not be loaded`} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{query.error instanceof Error ? query.error.message : 'Something went wrong'}</Text>
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : rows.length === 0 ? (
        <Paper withBorder p="lg" radius="md">
          <Text c="dimmed" data-testid="list-empty">
            {emptyText}
          </Text>
        </Paper>
      ) : virtual ? (
        <VirtualRows
          rows={rows}
          label={label}
          rowKey={rowKey}
          renderRow={renderRow}
          rowHref={rowHref}
          rowLabel={rowLabel}
        />
      ) : (
        <PlainRows
          rows={rows}
          label={label}
          rowKey={rowKey}
          renderRow={renderRow}
          rowHref={rowHref}
          rowLabel={rowLabel}
        />
      )}

      <div ref={sentinel} aria-hidden="true" />
      {query.isFetchingNextPage && (
        <Center aria-busy="true">
          <Loader size="sm" role="status" aria-label="Loading more" />
        </Center>
      )}
      {query.isError && rows.length > 0 && (
        <Alert color="red" variant="light" role="alert" title="More rows could not be loaded">
          <Button size="xs" variant="default" onClick={() => void query.fetchNextPage()}>
            Try again
          </Button>
        </Alert>
      )}
      {query.hasNextPage && !query.isFetchingNextPage && !query.isError && (
        <Center>
          <Button variant="subtle" onClick={loadMore}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
