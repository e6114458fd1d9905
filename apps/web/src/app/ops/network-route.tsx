import { Alert, Anchor, Box, Button, Center, Group, Loader, Select, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { isNetworkArea, type NetworkArea } from '@openrescue/shared';
import { useSearchParams } from 'react-router';
import { useNetworkRegions } from '../../features/network-map/api/get-network-regions';
import { ImportCsvDialog } from '../../features/network-map/components/import-csv-dialog';
import { NetworkMapScreen } from '../../features/network-map/components/network-map-screen';
import { useAppConfig } from '../../lib/app-config';
import { usePageTitle } from '../../lib/use-page-title';

const STAFF = { kind: 'staff' } as const;

/** /ops/network?region=: the network map for staff (spec 2.11, request limit 999), region picker default all. */
export function OpsNetworkRoute() {
  usePageTitle('Network map');
  const [params, setParams] = useSearchParams();
  const requested = params.get('region') ?? '';
  const area: NetworkArea = isNetworkArea(requested) ? requested : 'all';
  const regions = useNetworkRegions();
  const { config } = useAppConfig();
  const [importOpen, importDialog] = useDisclosure(false);

  if (regions.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading the network map" />
      </Center>
    );
  if (regions.isError) {
    return (
      <Alert color="red" title="The network map could not be loaded" role="alert">
        <Button size="xs" variant="default" onClick={() => void regions.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const region = regions.data.results.find((r) => r.code === area) ?? regions.data.results[0];
  const header = (
    <Stack gap="xs">
      <Select
        label="Region"
        data={regions.data.results.map((r) => ({ value: r.code, label: r.name }))}
        value={region.code}
        allowDeselect={false}
        onChange={(value) => value && setParams(value === 'all' ? {} : { region: value }, { replace: true })}
        comboboxProps={{ withinPortal: false }}
      />
      <Group justify="space-between" gap="xs">
        <Anchor href={region.public_path} target="_blank" rel="noopener noreferrer" size="sm">
          Open the public page of {region.name}
        </Anchor>
        <Button size="compact-sm" variant="default" onClick={importDialog.open}>
          Import CSV
        </Button>
      </Group>
      <ImportCsvDialog opened={importOpen} onClose={importDialog.close} />
    </Stack>
  );
  return (
    // The map uses the whole content area: no page padding, the height below the 60 px header.
    <Box m="calc(var(--app-shell-padding) * -1)" h="calc(100dvh - 60px)">
      <NetworkMapScreen
        access={STAFF}
        region={region}
        outlines={regions.data.outlines}
        mapStyleUrl={regions.data.map_style_url}
        productName={config.product_name}
        title="Network map"
        header={header}
        showMoney
      />
    </Box>
  );
}
