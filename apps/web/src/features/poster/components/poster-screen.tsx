import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-errors';
import { useDownloadPoster } from '../api/download-poster';
import { usePoster } from '../api/get-poster';
import classes from './poster-screen.module.css';
import { PosterView } from './poster-view';
import { ScaledPoster } from './scaled-poster';

export interface PosterScreenProps {
  storeId: string;
  month: string;
  /** The month picker, supplied by the route (features do not import each other). */
  monthPicker: ReactNode;
  productName: string;
  /** A read-only public link's credential (the public poster page): sent instead of the signed-in user's token. */
  bearer?: string;
  /** The way back (the client app's dashboard link), above the heading; never printed. */
  back?: ReactNode;
}

/** /posters/store/:storeId (spec 2.10): month picker, the landscape poster on screen and its PDF download. */
export function PosterScreen({ storeId, month, monthPicker, productName, bearer, back }: PosterScreenProps) {
  const query = usePoster(storeId, month, bearer);
  const download = useDownloadPoster();
  const poster = query.data;
  const switching = query.isFetching && query.isPlaceholderData;
  const aboutUrl = `${window.location.origin}${paths.public.aboutNumbers}`;
  const empty = poster && poster.last_month.weight_kg === 0 && poster.since_start.weight_kg === 0;

  let body;
  if (query.isPending) {
    body = (
      <Center py="xl">
        <Loader aria-label="Loading the poster" />
      </Center>
    );
  } else if (query.isError && !poster) {
    const missing = query.error instanceof ApiRequestError && query.error.status === 404;
    body = (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title={missing ? 'This poster is not available' : 'The poster could not be loaded'}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {missing ? 'The store does not exist, or your account does not give access to it.' : query.error.message}
          </Text>
          {!missing && (
            <Button size="xs" variant="default" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
        </Stack>
      </Alert>
    );
  } else if (poster) {
    body = (
      <Stack gap="sm">
        {empty && (
          <Text c="dimmed" data-testid="poster-empty" className={classes.noPrint}>
            No donations are recorded for this store up to {poster.month_label} yet.
          </Text>
        )}
        <section aria-label="Poster preview" aria-busy={switching} className={classes.poster}>
          <ScaledPoster>
            <PosterView poster={poster} productName={productName} aboutUrl={aboutUrl} />
          </ScaledPoster>
        </section>
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={1000} mx="auto" className={classes.screen} data-poster-print>
      {back && <div className={classes.noPrint}>{back}</div>}
      <div className={classes.noPrint}>
        <PageHeader
          title="Store poster"
          description={poster ? `${poster.store.name} · ${poster.month_label}` : undefined}
          actions={
            <Group align="flex-end" gap="sm" wrap="wrap">
              {monthPicker}
              <Button
                leftSection={<IconFileTypePdf size={18} aria-hidden="true" />}
                loading={download.isPending}
                disabled={!poster || switching}
                onClick={() => poster && download.mutate({ storeId, month, fileName: poster.pdf_filename, bearer })}
                data-testid="download-pdf"
              >
                Download PDF
              </Button>
            </Group>
          }
        />
      </div>
      {switching && (
        <Group gap="xs" aria-live="polite" className={classes.noPrint}>
          <Loader size="xs" aria-hidden="true" />
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        </Group>
      )}
      {body}
    </Stack>
  );
}
