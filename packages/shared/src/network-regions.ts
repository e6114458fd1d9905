/**
 * DESIGN "Regions": fvrd, rdno, cov, mv are polygons shipped with the product (the region table holds them as
 * GeoJSON); `all` is everything. An organization's areas are the regions whose outline contains its location,
 * computed when it is imported or moved.
 */

export type Position = readonly [number, number] | readonly number[];
export type RegionOutline =
  | { type: 'Polygon'; coordinates: readonly (readonly Position[])[] }
  | { type: 'MultiPolygon'; coordinates: readonly (readonly (readonly Position[])[])[] };

/** Even-odd ray casting on one ring (closed or not). Points on an edge may fall either side. */
function inRing(lon: number, lat: number, ring: readonly Position[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inPolygon(lon: number, lat: number, rings: readonly (readonly Position[])[]): boolean {
  if (rings.length === 0 || !inRing(lon, lat, rings[0])) return false;
  return !rings.slice(1).some((hole) => inRing(lon, lat, hole));
}

/** Whether the outline (a GeoJSON Polygon or MultiPolygon with holes) contains the point. */
export function outlineContains(outline: RegionOutline, lon: number, lat: number): boolean {
  if (!Number.isFinite(lon) || !Number.isFinite(lat)) return false;
  if (outline.type === 'Polygon') return inPolygon(lon, lat, outline.coordinates);
  return outline.coordinates.some((polygon) => inPolygon(lon, lat, polygon));
}

/** The codes of the regions containing the point, in the order given; none without a location. */
export function areasOfPoint(
  lon: number | null | undefined,
  lat: number | null | undefined,
  regions: readonly { code: string; outline: RegionOutline | null }[],
): string[] {
  if (lon === null || lon === undefined || lat === null || lat === undefined) return [];
  return regions.filter((r) => r.outline !== null && outlineContains(r.outline, lon, lat)).map((r) => r.code);
}

/** [west, south, east, north] of an outline (to fit a map to a region). */
export function outlineBounds(outline: RegionOutline): [number, number, number, number] {
  const rings = outline.type === 'Polygon' ? [outline.coordinates[0]] : outline.coordinates.map((p) => p[0]);
  let w = Infinity,
    s = Infinity,
    e = -Infinity,
    n = -Infinity;
  for (const ring of rings) {
    for (const p of ring) {
      w = Math.min(w, p[0]);
      e = Math.max(e, p[0]);
      s = Math.min(s, p[1]);
      n = Math.max(n, p[1]);
    }
  }
  return [w, s, e, n];
}
