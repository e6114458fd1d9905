import { MARKER_LEGEND } from '@openrescue/shared';
import {
  AttributionControl, Layer, Map, NavigationControl, Source, type MapLayerMouseEvent, type MapRef,
} from '@vis.gl/react-maplibre';
// MapLibre 5's single bundle: its worker starts from a blob: URL of the same file (decision 0012).
import * as maplibregl from 'maplibre-gl';
import type { GeoJSONSourceSpecification } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import { useEffect, useMemo, useRef } from 'react';
import landUrl from '../map-data/land.json?url';
import type { MarkerCollection } from '../lib/map-features';
import { MAP_COLORS, offlineStyle } from '../lib/offline-style';
import { useHiddenMarkers } from './use-hidden-markers';


export interface MapCanvasProps {
  /** A MapLibre style URL (MAP_STYLE_URL), or null for the built-in offline style. */
  styleUrl: string | null;
  area: string;
  outlines: { code: string; outline: unknown }[];
  /** The region's centre and zoom; the map jumps there whenever `viewKey` changes. */
  view: { center: readonly [number, number]; zoom: number; viewKey: string };
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
const kindColor = ['match', ['get', 'kind'], ...MARKER_LEGEND.flatMap((l) => [l.kind, l.color]), '#495057'] as unknown as string;
const radius = ['interpolate', ['linear'], ['zoom'], 3, 3, 9, 5, 13, 7.5] as unknown as number;
const shown = ['case', ['boolean', ['feature-state', 'hidden'], false], 0, 1] as unknown as number;

/** Starts MapLibre's worker before the first map is created (lib/load-map-early.ts). */
export function prewarmMapLibre(): void {
  maplibregl.prewarm();
}

/** The map itself: offline style or tiles, region outlines, one circle per organization, the selected one ringed. */
export default function MapCanvas(props: MapCanvasProps) {
  const { styleUrl, area, outlines, view, markers, visibleIds, selectedId, focus, onSelect, label } = props;
  const mapRef = useRef<MapRef>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const mapStyle = useMemo(() => styleUrl ?? offlineStyle(new URL(landUrl, window.location.href).href), [styleUrl]);
  const regions = useMemo(() => ({
    type: 'FeatureCollection',
    features: outlines.map((o) => ({ type: 'Feature', properties: { code: o.code }, geometry: o.outline })),
  }) as unknown as GeoJSONData, [outlines]);

  // data-map-state / data-marker-count say when the markers on screen are the current ones (tests, benchmark).
  useEffect(() => {
    boxRef.current?.setAttribute('data-map-state', 'updating');
    mapRef.current?.triggerRepaint(); // an 'idle' follows even when the new data draws nothing new
  }, [markers, visibleIds]);
  const { visible, sync } = useHiddenMarkers(mapRef, 'network', markers, visibleIds);
  const markIdle = () => {
    const box = boxRef.current;
    const map = mapRef.current;
    if (!box || !map) return;
    box.setAttribute('data-marker-count', String(visibleIds?.length ?? markers.features.length));
    box.setAttribute('data-zoom', map.getZoom().toFixed(2));
    box.setAttribute('data-map-state', 'idle');
  };

  useEffect(() => {
    mapRef.current?.jumpTo({ center: [view.center[0], view.center[1]], zoom: view.zoom });
  }, [view.viewKey]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!focus) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const target = { center: [focus.lon, focus.lat] as [number, number], zoom: Math.max(mapRef.current?.getZoom() ?? 12, 12) };
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
    <div ref={boxRef} data-testid="network-map" data-map-state="loading" role="region" aria-label={label} style={{ position: 'absolute', inset: 0 }}>
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
          <Layer id="region-fill" type="fill" filter={['==', ['get', 'code'], area]} paint={{ 'fill-color': MAP_COLORS.regionFill, 'fill-opacity': 0.06 }} />
          <Layer
            id="region-line"
            type="line"
            paint={{
              'line-color': ['case', ['==', ['get', 'code'], area], MAP_COLORS.outline, MAP_COLORS.otherOutline] as unknown as string,
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
            paint={{ 'circle-color': kindColor, 'circle-radius': 10, 'circle-stroke-color': '#212529', 'circle-stroke-width': 3 }}
          />
        </Source>
      </Map>
    </div>
  );
}
