import type { StyleSpecification } from 'maplibre-gl';

/** Colours of the built-in map (checked for contrast against the marker colours of the legend). */
export const MAP_COLORS = {
  water: '#a5cfe3',
  land: '#f4f1ea',
  outline: '#2b6a3e',
  otherOutline: '#6c757d',
  regionFill: '#2f9e44',
  /** Place names (contrast 10:1 on land, with a land-coloured halo over water and markers). */
  label: '#343a40',
} as const;

/** The label glyphs served with the app (public/map/fonts, made by map-data/make-glyphs.mjs). */
export const GLYPHS_PATH = '/map/fonts/{fontstack}/{range}.pbf';

/** A region's place names (public/map/places/<region>.json, made by map-data/make-places.mjs). */
export function placesUrl(area: string, base: string): string {
  return new URL(`/map/places/${encodeURIComponent(area)}.json`, base).href;
}

/**
 * The place labels of the offline style: cities from any zoom, towns from 6, every place of 1,000 people or more from
 * 9 (the regions' first views are 9 to 12). MapLibre places the top layer's labels first and a later label that would
 * overlap one is left out, so cities are the top layer and, within a layer, the bigger place goes first.
 */
export const PLACE_LAYERS = [
  { id: 'place-village', min: 0, max: 10_000, minzoom: 9, size: 12, font: 'Noto Sans Regular' },
  { id: 'place-town', min: 10_000, max: 100_000, minzoom: 6, size: 13, font: 'Noto Sans Regular' },
  { id: 'place-city', min: 100_000, max: 100_000_000, minzoom: 0, size: 15, font: 'Noto Sans Medium' },
] as const;

/**
 * The built-in style: water, land and place names, so the map works with no network at all (DESIGN "maps
 * service"). Land is Natural Earth (public domain) clipped to the regions, served as a static file next to the app;
 * place names (GeoNames) are added by the map for the region shown, drawn with glyphs served with the app
 * (map-data/README.md). Region outlines and markers are added by the map on top of any style.
 */
export function offlineStyle(landUrl: string, base: string): StyleSpecification {
  return {
    version: 8,
    name: 'Offline',
    glyphs: new URL(GLYPHS_PATH, base).href.replace('%7Bfontstack%7D', '{fontstack}').replace('%7Brange%7D', '{range}'),
    sources: {
      land: { type: 'geojson', data: landUrl, attribution: 'Land: Natural Earth', tolerance: 0.6 },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': MAP_COLORS.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': MAP_COLORS.land, 'fill-antialias': false } },
    ],
  };
}
