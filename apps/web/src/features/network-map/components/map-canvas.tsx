import { MARKER_LEGEND } from '@openrescue/shared';
import {
  AttributionControl,
  Layer,
  Map,
  NavigationControl,
  Source,
  type MapLayerMouseEvent,
  type MapRef,
} from '@vis.gl/react-maplibre';
// MapLibre 5's single bundle: its worker starts from a blob: URL of the same file (decision 0012).
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSourceSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import landUrl from '../map-data/land.json?url';
import type { MarkerCollection } from '../lib/map-features';
import { MAP_COLORS, offlineStyle, PLACE_LAYERS, placesUrl } from '../lib/offline-style';
import { useHiddenMarkers } from './use-hidden-markers';

export interface MapCanvasProps {
  /** A MapLibre style URL (MAP_STYLE_URL, or /map/style.json with MAP_PMTILES), or null for the built-in offline style. */
  styleUrl: string | null;
  area: string;
  outlines: { code: string; outline: unknown }[];
  /** The region's centre and zoom; the map shows the region's first view whenever `viewKey` changes. */
  view: { center: readonly [number, number]; zoom: number; viewKey: string };
  /**
   * A narrow screen: when the region table's view leaves markers outside, the first view fits them instead
   * (decision 0060: at 390 px the All region's zoom 4 shows none of them).
   */
  fitNarrow: boolean;
  /** Every organization that can be on this map (loaded once per region). */
  markers: MarkerCollection;
  /** The ids drawn now (section 4 rules, flags and search, decided by the screen); null = all of `markers`. */
  visibleIds: readonly number[] | null;
  selectedId: number | null;
  /** Where to move after a search suggestion was chosen. */
  focus: { lon: number; lat: number; key: number } | null;
  onSelect: (id: number | null) => void;
  label: string;
}

type GeoJSONData = GeoJSONSourceSpecification['data'];
const MARKERS = 'network-markers';
const kindColor = [
  'match',
  ['get', 'kind'],
  ...MARKER_LEGEND.flatMap((l) => [l.kind, l.color]),
  '#495057',
] as unknown as string;
const radius = ['interpolate', ['linear'], ['zoom'], 3, 3, 9, 5, 13, 7.5] as unknown as number;
const shown = ['case', ['boolean', ['feature-state', 'hidden'], false], 0, 1] as unknown as number;
/** What covers the map's edges: the search bar above, the legend below, the zoom buttons at the right. */
const OVERLAID = { top: 64, bottom: 56, left: 32, right: 56 };

/** The box around every marker, or null without markers. */
function markerBounds(markers: MarkerCollection): [[number, number], [number, number]] | null {
  if (markers.features.length === 0) return null;
  let [west, south, east, north] = [180, 90, -180, -90];
  for (const f of markers.features) {
    const [lon, lat] = f.geometry.coordinates;
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return [
    [west, south],
    [east, north],
  ];
}

// Self-hosted tiles (MAP_PMTILES): the server's style reads its archive through pmtiles:// URLs, range by range.
// The reader is loaded (7 kB gzip) only for a map with a style URL, and registered before that map is made.
let pmtilesProtocol: Promise<void> | null = null;
function registerPmtiles(): Promise<void> {
  pmtilesProtocol ??= import('pmtiles').then(({ Protocol }) => {
    maplibregl.addProtocol('pmtiles', new Protocol().tile);
  });
  return pmtilesProtocol;
}

/** The names a style's label layers show now, at most 80 (tests read them as the map's data-place-names). */
function placeNames(map: maplibregl.Map): string[] {
  const layers = map.getLayersOrder().filter((id) => map.getLayer(id)?.type === 'symbol');
  if (layers.length === 0) return [];
  const names = new Set<string>();
  for (const f of map.queryRenderedFeatures({ layers })) {
    const name: unknown = f.properties?.name;
    if (typeof name === 'string' && name) names.add(name);
    if (names.size >= 80) break;
  }
  return [...names];
}

/** Starts MapLibre's worker before the first map is created (lib/load-map-early.ts). */
export function prewarmMapLibre(): void {
  maplibregl.prewarm();
}

/** The map itself: offline style or tiles, region outlines, one circle per organization, the selected one ringed. */
export default function MapCanvas(props: MapCanvasProps) {
  const { styleUrl, area, outlines, view, fitNarrow, markers, visibleIds, selectedId, focus, onSelect, label } = props;
  const mapRef = useRef<MapRef>(null);
  const [loaded, setLoaded] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const mapStyle = useMemo(
    () =>
      // MAP_STYLE_URL, or this server's own /map/style.json (MAP_PMTILES)
      styleUrl
        ? new URL(styleUrl, window.location.href).href
        : offlineStyle(new URL(landUrl, window.location.href).href, window.location.href),
    [styleUrl],
  );
  const places = useMemo(() => placesUrl(area, window.location.href), [area]);
  const [protocolReady, setProtocolReady] = useState(styleUrl === null);
  useEffect(() => {
    if (styleUrl !== null)
      void registerPmtiles()
        .catch(() => undefined) // without the reader a MAP_STYLE_URL map still works
        .then(() => setProtocolReady(true));
  }, [styleUrl]);
  const regions = useMemo(
    () =>
      ({
        type: 'FeatureCollection',
        features: outlines.map((o) => ({ type: 'Feature', properties: { code: o.code }, geometry: o.outline })),
      }) as unknown as GeoJSONData,
    [outlines],
  );

  // data-map-state / data-marker-count say when the markers on screen are the current ones (tests, benchmark).
  // Marked 'updating' until the next 'idle', which the repaint makes sure follows even when nothing on screen changes.
  const markUpdating = () => {
    boxRef.current?.setAttribute('data-map-state', 'updating');
    mapRef.current?.triggerRepaint();
  };
  useEffect(markUpdating, [markers, visibleIds]);
  const { visible, sync } = useHiddenMarkers(mapRef, 'network', markers, visibleIds);
  const markIdle = () => {
    const box = boxRef.current;
    const map = mapRef.current;
    if (!box || !map) return;
    box.setAttribute('data-marker-count', String(visibleIds?.length ?? markers.features.length));
    box.setAttribute('data-zoom', map.getZoom().toFixed(2));
    // west,south,east,north of what is on screen (tests read which markers the view holds)
    box.setAttribute('data-bounds', map.getBounds().toArray().flat().map(String).join(','));
    box.setAttribute('data-place-names', placeNames(map.getMap()).join('|'));
    box.setAttribute('data-map-state', 'idle');
  };

  // The region's first view: the table's centre and zoom, or on a narrow screen, when that leaves markers out (under
  // the search bar and legend too), the markers fitted in.
  // Until someone moves the map, its first view follows the map's size (a phone turned, the page laid out late).
  const untouched = useRef(true);
  const showRegion = useEffectEvent(() => {
    const map = mapRef.current;
    if (!map) return;
    untouched.current = true;
    markUpdating();
    map.jumpTo({ center: [view.center[0], view.center[1]], zoom: view.zoom });
    const bounds = fitNarrow ? markerBounds(markers) : null;
    if (!bounds) return;
    const canvas = map.getCanvas();
    const [width, height] = [canvas.clientWidth, canvas.clientHeight];
    // Not laid out yet (a loaded phone): the resize that follows shows the region again.
    if (width <= OVERLAID.left + OVERLAID.right || height <= OVERLAID.top + OVERLAID.bottom) return;
    const shows = map.unproject([OVERLAID.left, height - OVERLAID.bottom]);
    const showsTo = map.unproject([width - OVERLAID.right, OVERLAID.top]);
    const inside = ([lon, lat]: [number, number]) =>
      lon >= shows.lng && lon <= showsTo.lng && lat >= shows.lat && lat <= showsTo.lat;
    if (inside(bounds[0]) && inside(bounds[1])) return;
    map.fitBounds(bounds, { padding: OVERLAID, maxZoom: Math.max(view.zoom, 12), animate: false });
  });
  // Shown again for each new key (another region, the reset control), and once the markers arrive to fit them.
  const hasMarkers = markers.features.length > 0;
  const [resized, setResized] = useState(0);
  const shownFor = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const key = `${view.viewKey}:${hasMarkers}:${fitNarrow}:${resized}`;
    if (shownFor.current === key) return;
    shownFor.current = key;
    showRegion();
  }, [loaded, view.viewKey, hasMarkers, fitNarrow, resized]);
  const onResize = () => {
    if (shownFor.current !== null && untouched.current) setResized((n) => n + 1);
  };

  useEffect(() => {
    if (!focus) return;
    untouched.current = false;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const target = {
      center: [focus.lon, focus.lat] as [number, number],
      zoom: Math.max(mapRef.current?.getZoom() ?? 12, 12),
    };
    if (reduce) mapRef.current?.jumpTo(target);
    else mapRef.current?.easeTo({ ...target, duration: 500 });
  }, [focus]);

  // Hidden markers are still in the data: only a visible one can be picked.
  const shownFeature = (event: MapLayerMouseEvent) =>
    event.features?.find((f) => visible === null || visible.has(Number(f.properties?.id)));
  const onClick = (event: MapLayerMouseEvent) => {
    const feature = shownFeature(event);
    onSelect(feature ? Number(feature.properties?.id) : null);
  };
  const setCursor = (cursor: string) => {
    const canvas = mapRef.current?.getCanvas();
    if (canvas) canvas.style.cursor = cursor;
  };

  return (
    <div
      ref={boxRef}
      data-testid="network-map"
      data-map-state="loading"
      role="region"
      aria-label={label}
      style={{ position: 'absolute', inset: 0 }}
    >
      {protocolReady && (
        <Map
          ref={mapRef}
          mapLib={maplibregl}
          initialViewState={{ longitude: view.center[0], latitude: view.center[1], zoom: view.zoom }}
          mapStyle={mapStyle}
          style={{ width: '100%', height: '100%' }}
          interactiveLayerIds={[MARKERS]}
          onClick={onClick}
          onMouseMove={(event) => setCursor(shownFeature(event) ? 'pointer' : '')}
          onIdle={markIdle}
          onLoad={() => setLoaded(true)}
          onResize={onResize}
          onMoveStart={(event) => {
            if (event.originalEvent) untouched.current = false; // a person's drag, zoom or key, not the code's jumps
          }}
          onSourceData={sync}
          fadeDuration={0} // else every change waits out a 300 ms symbol fade before 'idle' (decision 0012)
          attributionControl={false}
          dragRotate={false}
          touchPitch={false}
          maxPitch={0}
        >
          <NavigationControl position="top-right" showCompass={false} />
          <AttributionControl position="bottom-right" compact />
          <Source id="regions" type="geojson" data={regions}>
            <Layer
              id="region-fill"
              type="fill"
              filter={['==', ['get', 'code'], area]}
              paint={{ 'fill-color': MAP_COLORS.regionFill, 'fill-opacity': 0.06 }}
            />
            <Layer
              id="region-line"
              type="line"
              paint={{
                'line-color': [
                  'case',
                  ['==', ['get', 'code'], area],
                  MAP_COLORS.outline,
                  MAP_COLORS.otherOutline,
                ] as unknown as string,
                'line-width': ['case', ['==', ['get', 'code'], area], 2, 1] as unknown as number,
                'line-dasharray': [3, 2],
              }}
            />
          </Source>
          <Source id="network" type="geojson" data={markers as unknown as GeoJSONData}>
            <Layer
              id={MARKERS}
              type="circle"
              paint={{
                'circle-color': kindColor,
                'circle-radius': radius,
                'circle-stroke-color': '#ffffff',
                'circle-stroke-width': 1,
                'circle-opacity': shown,
                'circle-stroke-opacity': shown,
              }}
            />
            <Layer
              id="network-selected"
              type="circle"
              filter={['==', ['get', 'id'], selectedId ?? -1]}
              paint={{
                'circle-color': kindColor,
                'circle-radius': 10,
                'circle-stroke-color': '#212529',
                'circle-stroke-width': 3,
              }}
            />
          </Source>
          {styleUrl === null && (
            <Source id="places" type="geojson" data={places} attribution="Places: GeoNames">
              {PLACE_LAYERS.map((l) => (
                <Layer
                  key={l.id}
                  id={l.id}
                  type="symbol"
                  minzoom={l.minzoom}
                  filter={['all', ['>=', ['get', 'pop'], l.min], ['<', ['get', 'pop'], l.max]]}
                  layout={{
                    'text-field': ['get', 'name'],
                    'text-font': [l.font],
                    'text-size': l.size,
                    'text-max-width': 8,
                    'text-padding': 3,
                    'symbol-sort-key': ['-', ['get', 'pop']],
                  }}
                  paint={{ 'text-color': MAP_COLORS.label, 'text-halo-color': MAP_COLORS.land, 'text-halo-width': 1.5 }}
                />
              ))}
            </Source>
          )}
        </Map>
      )}
    </div>
  );
}
