import { Alert, Button } from '@mantine/core';
import { useParams } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { isWrongUrl, usePublicRegion } from '../../features/network-map/api/get-public-region';
import { NetworkBanner } from '../../features/network-map/components/network-banner';
import { NetworkMapScreen } from '../../features/network-map/components/network-map-screen';
import { RegionIntro } from '../../features/network-map/components/region-intro';
import { RegionLinks } from '../../features/network-map/components/region-links';
import { useAppConfig } from '../../lib/app-config';
import { usePageTitle } from '../../lib/use-page-title';
import { PublicFrame } from './public-frame';
import { WrongUrlRoute } from './wrong-url-route';

/** /public/network/:region/:secret: the public network map of a region (spec 2.9, 2.11); a wrong secret is a wrong url. */
export function PublicNetworkRoute() {
  const { region: area = '', secret = '' } = useParams();
  const { config } = useAppConfig();
  const page = usePublicRegion(area, secret);
  usePageTitle(page.data?.region.page_title ?? null);

  if (page.isPending) return <LoadingScreen />;
  if (page.isError) {
    return (
      <PublicFrame>
        {isWrongUrl(page.error) ? (
          <WrongUrlRoute />
        ) : (
          <Alert color="red" title="The map could not be loaded" role="alert" maw={560} mx="auto">
            <Button size="xs" variant="default" onClick={() => void page.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
      </PublicFrame>
    );
  }
  const { region, outlines, map_style_url } = page.data;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100dvh' }}>
      <NetworkBanner contactHref={`mailto:${config.support_email}`} bookingUrl={config.booking_url} />
      <main style={{ flex: 1, minHeight: 0 }}>
        <NetworkMapScreen
          access={{ kind: 'public', secret }}
          region={region}
          outlines={outlines}
          mapStyleUrl={map_style_url}
          productName={config.product_name}
          title={region.page_title}
          header={<RegionIntro region={region} />}
          footer={<RegionLinks links={region.links} />}
          showMoney={false}
        />
      </main>
    </div>
  );
}
