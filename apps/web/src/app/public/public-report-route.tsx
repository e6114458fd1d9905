import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useMatches, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { monthlyReportQueryOptions } from '../../features/monthly-report/api/get-monthly-report';
import type { ReportKind } from '../../features/monthly-report/api/types';
import { useReportMonth } from '../../features/monthly-report/components/month-select';
import { MonthlyReportScreen } from '../../features/monthly-report/components/monthly-report-screen';
import { readonlyBearer } from '../../lib/api-client';
import { ApiRequestError } from '../../lib/api-errors';
import { usePageTitle } from '../../lib/use-page-title';

/** A link's tk is a compact JWS (base64url parts and dots); anything else cannot be one and is never sent. */
const TK_PATTERN = /^[\w-]+(\.[\w-]+){0,4}$/;
const ID_PATTERN = /^\d{1,9}$/;

/**
 * The read-only credential of a public page: `ro.{r|s}_{id}.{tk}` (spec section 6 "Signed out"), or null when the
 * address cannot carry a valid one (no tk, or a malformed id or tk).
 */
export function usePublicLink(kind: ReportKind, id: string | undefined) {
  const [search] = useSearchParams();
  const tk = search.get('tk') ?? '';
  const usable = !!id && ID_PATTERN.test(id) && TK_PATTERN.test(tk);
  return { tk, bearer: usable ? readonlyBearer(kind, id, tk) : null };
}

/** The server refused the link: tampered with, replaced by a newer one (rotated), or for another store or receiver. */
export const isRefusedLink = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/** The clear message of a link that does not open (never the sign-in page, never a crash). */
export function LinkRefused({ what }: { what: 'report' | 'poster' }) {
  usePageTitle('Link not valid');
  return (
    <Paper withBorder radius="md" p="xl" maw={620} mx="auto" mt="xl" role="alert" data-testid="link-refused">
      <Stack align="center" ta="center" gap="sm">
        <Title order={1} size="h2">
          This link does not work
        </Title>
        <Text>
          The {what} link is incomplete, or it has been replaced by a newer one. Links are made for one store or charity
          and open nothing else.
        </Text>
        <Text c="dimmed">Ask the person who sent it to you for the current link.</Text>
      </Stack>
    </Paper>
  );
}

const kindOfRoute = (handles: unknown[]): ReportKind =>
  handles.map((h) => (h as { publicReportKind?: ReportKind } | undefined)?.publicReportKind).find(Boolean) ?? 'store';

/** /public/charity/:receiverId/reports?tk= and /public/store/:storeId/reports?tk=: read-only reports (spec 2.9). */
export function PublicReportRoute() {
  const kind = kindOfRoute(useMatches().map((m) => m.handle));
  const params = useParams();
  const id = (kind === 'receiver' ? params.receiverId : params.storeId) ?? '';
  const { tk, bearer } = usePublicLink(kind, id);
  const { month } = useReportMonth();
  // The same query the screen runs (one request): a refused link shows its message instead of the screen.
  const check = useQuery({ ...monthlyReportQueryOptions(kind, id, month, bearer ?? ''), enabled: bearer !== null });

  if (bearer === null || isRefusedLink(check.error)) return <LinkRefused what="report" />;
  return (
    // A block, not a flex column: the screens centre themselves with auto margins and must not grow past 360 px.
    <Box>
      <MonthlyReportScreen key={`${kind}-${id}`} kind={kind} id={id} bearer={bearer} />
      {kind === 'store' && (
        <Group justify="center" gap={6} py="md" data-no-print>
          <Text size="sm" c="dimmed">
            The store's poster:
          </Text>
          <Anchor
            component={Link}
            to={`${paths.public.storePosters(id, tk)}&month=${month}`}
            size="sm"
            data-testid="public-poster-link"
          >
            Open the poster
          </Anchor>
        </Group>
      )}
    </Box>
  );
}
