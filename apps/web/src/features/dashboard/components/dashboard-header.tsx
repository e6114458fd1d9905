import { Anchor, Button, Group, Loader, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconFileSpreadsheet, IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import { memo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { useHoldsShell } from '../../../lib/shell-handoff';

export interface DashboardHeaderProps {
  /** Undefined while the store or company names are loading. */
  title: string | undefined;
  range: string;
  /** Set when one store is selected: links to its monthly report and poster. */
  storeId?: number;
  /** The FLW analytics view, for company 1 users who reach all stores. */
  flwUrl?: string;
  updating: boolean;
}

function TitleLoading() {
  // The first view the server sent (app/client/client-dashboard-shell.tsx) has the name: it stays until this goes.
  useHoldsShell();
  return (
    <Skeleton
      h={35}
      w={220}
      maw="70vw"
      radius="sm"
      role="status"
      aria-label="Loading the store name"
      data-testid="dashboard-title-loading"
    />
  );
}

/** The selected store (or company, or 'All Stores') and the date range, with the links that go with them. */
export const DashboardHeader = memo(function DashboardHeader({
  title,
  range,
  storeId,
  flwUrl,
  updating,
}: DashboardHeaderProps) {
  // The report and poster open on the dashboard's month (and keep its range for the way back), both in the address.
  const [search] = useSearchParams();
  const carried = new URLSearchParams();
  for (const key of ['month', 'range']) {
    const value = search.get(key);
    if (value) carried.set(key, value);
  }
  const query = carried.size > 0 ? `?${carried}` : '';
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Stack gap={2} miw={0}>
        {title === undefined ? (
          // The heading's own height (Mantine h2: 26 px at line height 1.35), so nothing moves when the name arrives.
          <TitleLoading />
        ) : (
          <Title order={2} size="h2" data-testid="dashboard-title" style={{ wordBreak: 'break-word' }}>
            {title}
          </Title>
        )}
        <Group gap="xs">
          <Text c="dimmed" data-testid="dashboard-range">
            {range}
          </Text>
          {updating && <Loader size="xs" role="status" aria-label="Updating figures" />}
        </Group>
      </Stack>
      <Group gap="xs" wrap="wrap">
        {storeId !== undefined && (
          <>
            <Button
              component={Link}
              to={`${paths.reports.store(storeId)}${query}`}
              variant="light"
              size="sm"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden="true" />}
            >
              Monthly report
            </Button>
            <Button
              component={Link}
              to={`${paths.posters.store(storeId)}${query}`}
              variant="light"
              size="sm"
              leftSection={<IconPhoto size={16} aria-hidden="true" />}
            >
              Poster
            </Button>
          </>
        )}
        {flwUrl && (
          <Button
            component="a"
            href={flwUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="sm"
            rightSection={<IconExternalLink size={16} aria-hidden="true" />}
          >
            FLW analytics
          </Button>
        )}
        <Anchor
          component={Link}
          to={paths.public.aboutNumbers}
          size="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          <IconInfoCircle size={16} aria-hidden="true" />
          About these numbers
        </Anchor>
      </Group>
    </Group>
  );
});
