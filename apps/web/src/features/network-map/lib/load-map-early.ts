import type { QueryClient } from '@tanstack/react-query';
import { publicRegionQueryOptions } from '../api/get-public-region';

/**
 * Starts loading the map's code (MapLibre) and its worker (which parses the whole of MapLibre again before the map
 * can draw) while the screen's own code is still loading, instead of once the screen has rendered.
 */
export function loadMapEarly(): void {
  void import('../components/map-canvas').then(
    (canvas) => canvas.prewarmMapLibre(),
    () => undefined,
  );
}

/**
 * A public region's page: asks for the region as soon as the address is known, and once it is known to exist (a
 * wrong secret is a 404: no map code for the wrong-url page), for the map's code. The screen finds the region under
 * way or done. The organizations are not asked for this early: on HTTP/1.1 their answer took a connection the page's
 * own code was waiting for, and the map drew later (bench/map-load-timeline.ts).
 */
export function loadPublicMapEarly(queryClient: QueryClient, area: string, secret: string): void {
  void queryClient.fetchQuery(publicRegionQueryOptions(area, secret)).then(loadMapEarly, () => undefined);
}
