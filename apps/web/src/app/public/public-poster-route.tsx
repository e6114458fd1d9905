import { Anchor, Box, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { MonthSelect, useReportMonth } from '../../features/monthly-report/components/month-select';
import { posterQueryOptions } from '../../features/poster/api/get-poster';
import { PosterScreen } from '../../features/poster/components/poster-screen';
import { useAppConfig } from '../../lib/app-config';
import { isRefusedLink, LinkRefused, usePublicLink } from './public-report-route';

/** /public/store/:storeId/posters?tk=: the store poster view (spec 2.9, 2.10), read-only. */
export function PublicPosterRoute() {
  const { storeId = '' } = useParams();
  const { config } = useAppConfig();
  const { tk, bearer } = usePublicLink('store', storeId);
  const { month, choices, setMonth } = useReportMonth();
  // The same query the screen runs (one request): a refused link shows its message instead of the poster.
  const check = useQuery({ ...posterQueryOptions(storeId, month, bearer ?? ''), enabled: bearer !== null });

  if (bearer === null || isRefusedLink(check.error)) return <LinkRefused what="poster" />;
  return (
    // A block, not a flex column: the screens centre themselves with auto margins and must not grow past 360 px.
    <Box>
      <PosterScreen
        key={storeId}
        storeId={storeId}
        month={month}
        monthPicker={<MonthSelect month={month} choices={choices} onChange={setMonth} />}
        productName={config.product_name}
        bearer={bearer}
      />
      <Group justify="center" gap={6} py="md" data-no-print>
        <Text size="sm" c="dimmed">
          The store's donations month by month:
        </Text>
        <Anchor
          component={Link}
          to={`${paths.public.storeReports(storeId, tk)}&month=${month}`}
          size="sm"
          data-testid="public-report-link"
        >
          Open the report
        </Anchor>
      </Group>
    </Box>
  );
}
