import { ActionIcon, Button, Drawer, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  MOBILE_BREAKPOINT_PX,
  initialShowFlags,
  isOnMap,
  isSearchActive,
  mapLibreZoom,
  NETWORK_CATEGORIES,
  organizationMatchesSearch,
  participantCounts,
  type MapOrganization,
  type NetworkArea,
  type NetworkRegion,
} from '@openrescue/shared';
import { IconAdjustmentsHorizontal, IconFocusCentered } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useMediaMatch } from '../../../lib/use-media-match';
import { useNetworkOrganizations } from '../api/get-network-organizations';
import { useNetworkImpact } from '../api/get-network-totals';
import { markerCollection } from '../lib/map-features';
import type { NetworkAccess } from '../lib/network-access';
import { ImpactMetrics } from './impact-metrics';
import { InfoCard } from './info-card';
import { MapLegend } from './map-legend';
import { MapSearch } from './map-search';
import classes from './network-map.module.css';
import { ParticipantFilter } from './participant-filter';

// MapLibre is its own chunk: only the map pages load it, after the panel is on screen.
const MapCanvas = lazy(() => import('./map-canvas'));
const ALL_SHOWN = initialShowFlags();

export interface NetworkMapScreenProps {
  access: NetworkAccess;
  /** The region's page (the public answer draws its outline among `outlines`). */
  region: Omit<NetworkRegion, 'outline'>;
  outlines: { code: string; outline: unknown }[];
  mapStyleUrl: string | null;
  productName: string;
  /** The page's h1: at the top of the panel, or above the map under 768 px. */
  title: string;
  /** Under the title: the region's help text, or the ops region picker. */
  header: ReactNode;
  /** Bottom of the panel: Sell / Donate links (public). */
  footer?: ReactNode;
  showMoney: boolean;
}

/** The network map (spec 2.11): left panel (a bottom sheet under 768 px), map, search, legend and info card. */
export function NetworkMapScreen(props: NetworkMapScreenProps) {
  const { access, region, outlines, mapStyleUrl, productName, title, header, footer, showMoney } = props;
  const area = region.code as NetworkArea;
  const desktop = useMediaMatch(`(min-width: ${MOBILE_BREAKPOINT_PX / 16}em)`);
  const [sheetOpened, sheet] = useDisclosure(false);
  const [flags, setFlags] = useState(initialShowFlags);
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [focus, setFocus] = useState<{ lon: number; lat: number; key: number } | null>(null);
  // Each reset shows the region's first view again (the map keys its view on it).
  const [resets, setResets] = useState(0);
  const orgsQuery = useNetworkOrganizations(access, area);
  const impact = useNetworkImpact(access, area);

  // Another region starts afresh. Set while rendering, as React advises for state that follows a prop: an effect
  // would render the whole page a second time as it first shows.
  const [shownArea, setShownArea] = useState(area);
  if (shownArea !== area) {
    setShownArea(area);
    setFlags(initialShowFlags());
    setSearch('');
    setSelectedId(null);
  }

  const orgs = orgsQuery.data?.results;
  // The public answer counts per category itself: its Farmers are counted there, never listed (section 9). The
  // counts follow the verified toggle (decision 0060): with it on, verified 1 participants only.
  const data = orgsQuery.data;
  const verifiedOnly = flags.verifiedOnly;
  const servedCounts = verifiedOnly ? data?.verified_category_counts : data?.category_counts;
  const counts = useMemo(
    () => servedCounts ?? participantCounts((orgs ?? []).filter((o) => !verifiedOnly || o.verified === 1)),
    [servedCounts, verifiedOnly, orgs],
  );
  // The total is the participants the filters show; unfiltered, every participant in the area (the staff list may
  // hold only the first 999 of them).
  const unfiltered = !verifiedOnly && NETWORK_CATEGORIES.every((c) => flags.categories[c.id] !== false);
  const total = !data
    ? null
    : unfiltered
      ? data.count
      : NETWORK_CATEGORIES.reduce((n, c) => n + (flags.categories[c.id] === false ? 0 : (counts[c.id] ?? 0)), 0);
  const candidates = useMemo(() => (orgs ?? []).filter((o) => isOnMap(o, flags)), [orgs, flags]);
  // Below 3 characters the search filters nothing: the same list, so the map is not redrawn for nothing.
  const searching = isSearchActive(search);
  const visible = useMemo(
    () => (searching ? candidates.filter((o) => organizationMatchesSearch(o, search)) : candidates),
    [candidates, search, searching],
  );
  // The map holds every organization the rules can show; the flags and the search only change which ids it draws.
  const markers = useMemo(() => markerCollection((orgs ?? []).filter((o) => isOnMap(o, ALL_SHOWN))), [orgs]);
  const visibleIds = useMemo(
    () => (visible.length === markers.features.length ? null : visible.map((o) => o.id)),
    [visible, markers],
  );
  const selected = useMemo(() => visible.find((o) => o.id === selectedId) ?? null, [visible, selectedId]);

  const pick = (org: MapOrganization) => {
    setSelectedId(org.id);
    setSearch(org.name);
    if (org.location) setFocus({ lon: org.location.coordinates[0], lat: org.location.coordinates[1], key: Date.now() });
  };
  // Back to the whole region: its first view, every marker the filters show, no card.
  const resetView = () => {
    setSearch('');
    setSelectedId(null);
    setResets((n) => n + 1);
  };

  const heading = (
    <Title
      order={1}
      size={desktop ? 'h3' : 'h5'}
      className={desktop ? undefined : classes.mobileTitle}
      data-testid="network-title"
    >
      {title}
    </Title>
  );
  const panel = (
    <Stack gap="lg">
      {desktop && heading}
      {header}
      <ImpactMetrics
        totals={impact.data}
        comparison={impact.comparison}
        loading={impact.isPending}
        showMoney={showMoney}
      />
      <ParticipantFilter area={area} flags={flags} onChange={setFlags} counts={counts} total={total} />
      {footer}
    </Stack>
  );

  return (
    <div className={classes.screen} data-testid="network-map-screen">
      {!desktop && heading}
      {desktop && (
        <aside className={classes.panel} aria-label="Network panel" data-testid="network-panel">
          {panel}
        </aside>
      )}
      <div className={classes.mapArea}>
        <Suspense
          fallback={
            <div className={classes.overlay}>
              <Loader aria-label="Loading the map" />
            </div>
          }
        >
          <MapCanvas
            styleUrl={mapStyleUrl}
            area={area}
            outlines={outlines}
            view={{ center: region.center, zoom: mapLibreZoom(region.zoom), viewKey: `${area}:${resets}` }}
            fitNarrow={!desktop}
            markers={markers}
            visibleIds={visibleIds}
            selectedId={selected?.id ?? null}
            focus={focus}
            onSelect={setSelectedId}
            label={`Map of the ${region.name} food recovery network`}
          />
        </Suspense>
        <div className={classes.searchBar}>
          <MapSearch
            candidates={candidates}
            value={search}
            onChange={setSearch}
            onPick={pick}
            matches={visible.length}
          />
          <ActionIcon
            variant="default"
            size="input-sm"
            onClick={resetView}
            aria-label={`Show the whole region: ${region.name}`}
            title="Show the whole region"
            data-testid="map-reset-view"
          >
            <IconFocusCentered size={18} aria-hidden="true" />
          </ActionIcon>
          {!desktop && (
            <Button
              onClick={sheet.open}
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden="true" />}
              aria-haspopup="dialog"
            >
              Filters
            </Button>
          )}
        </div>
        {orgsQuery.isPending && (
          <div className={classes.overlay}>
            <Paper shadow="sm" p="sm" radius="md">
              <Text size="sm">Loading organizations…</Text>
            </Paper>
          </div>
        )}
        {orgs && orgs.length > 0 && searching && visible.length === 0 && (
          <div className={classes.overlay}>
            <Paper shadow="sm" p="sm" radius="md" maw="calc(100% - 32px)" data-testid="map-no-match">
              <Text size="sm">{`Nothing on the map matches “${search.trim()}”.`}</Text>
              <Text size="xs" c="dimmed">
                Try another name or a city, or clear the search.
              </Text>
            </Paper>
          </div>
        )}
        {orgs && orgs.length === 0 && (
          <div className={classes.overlay}>
            <Paper shadow="sm" p="sm" radius="md">
              <Text size="sm">No participants in this region yet.</Text>
            </Paper>
          </div>
        )}
        {/* under 768 px the info card takes the legend's place */}
        {(desktop || !selected) && <MapLegend className={classes.legend} />}
        {selected && (
          <InfoCard
            className={classes.infoCard}
            org={selected}
            productName={productName}
            onClose={() => setSelectedId(null)}
          />
        )}
      </div>
      {!desktop && (
        <Drawer
          opened={sheetOpened}
          onClose={sheet.close}
          position="bottom"
          size="85%"
          title="Network impact and filters"
        >
          {panel}
        </Drawer>
      )}
    </div>
  );
}
