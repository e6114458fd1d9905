import { Center, Loader } from '@mantine/core';
import type { AppConfig } from '@openrescue/shared';
import { PageShell } from '../../components/page-shell';
import { NetworkBanner } from '../../features/network-map/components/network-banner';

/** The addresses the frame is sent for: /public/network/{region}/{secret}. */
export const NETWORK_SHELL_PATH = '/public/network';

/**
 * A public network map as the server sends it, before the app has run (apps/web/src/ssr/prerender.tsx): the banner
 * where the page will have it, then a loader where the panel and the map go. Nothing of the region (its secret is the
 * address): the app checks it and fills in the rest. Handed over like a console frame (lib/shell-handoff.ts).
 */
export function NetworkShell({ config }: { config: Pick<AppConfig, 'support_email' | 'booking_url'> }) {
  return (
    <PageShell path={NETWORK_SHELL_PATH}>
      <NetworkBanner contactHref={`mailto:${config.support_email}`} bookingUrl={config.booking_url} />
      <Center py="xl">
        <Loader />
      </Center>
    </PageShell>
  );
}
