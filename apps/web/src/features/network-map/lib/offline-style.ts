import type { StyleSpecification } from 'maplibre-gl';

/** Colours of the built-in map (checked for contrast against the marker colours of the legend). */
export const MAP_COLORS = {
  water: '#a5cfe3',
  land: '#f4f1ea',
  outline: '#2b6a3e',
  otherOutline: '#6c757d',
  regionFill: '#2f9e44',
} as const;

/**
 * The built-in style: water, land and nothing else, so the map works with no network at all (DESIGN "maps
 * service"). Land is Natural Earth (public domain) clipped to the regions, served as a static file next to the app
 * (map-data/README.md). Region outlines and markers are added by the map on top of any style.
 */
export function offlineStyle(landUrl: string): StyleSpecification {
  return {
    version: 8,
    name: 'Offline',
    sources: {
      land: { type: 'geojson', data: landUrl, attribution: 'Land: Natural Earth', tolerance: 0.6 },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': MAP_COLORS.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': MAP_COLORS.land, 'fill-antialias': false } },
    ],
  };
}
