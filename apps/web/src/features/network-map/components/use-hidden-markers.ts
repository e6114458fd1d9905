import type { MapRef } from '@vis.gl/react-maplibre';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import type { MarkerCollection } from '../lib/map-features';

/**
 * Hides the markers the screen does not show through feature state (`hidden`), not through new data or a layer
 * filter: both of those make MapLibre's worker lay every tile out again (~100-200 ms for 10,000 points in software
 * WebGL), while feature state only rewrites the paint values of the markers that changed. Returns the visible set
 * (null = all) and a `sync` to call once the source exists.
 */
export function useHiddenMarkers(
  mapRef: RefObject<MapRef | null>,
  source: string,
  markers: MarkerCollection,
  visibleIds: readonly number[] | null,
) {
  const visible = useMemo(() => (visibleIds === null ? null : new Set(visibleIds)), [visibleIds]);
  const applied = useRef<{ markers: MarkerCollection | null; visible: Set<number> | null; hidden: Set<number> }>({
    markers: null,
    visible: null,
    hidden: new Set(),
  });
  // What the last committed render wants shown: read by `sync`, which the map also calls on its own events.
  const wanted = useRef({ markers, visible });
  useLayoutEffect(() => {
    wanted.current = { markers, visible };
  }, [markers, visible]);

  const sync = useCallback(() => {
    const map = mapRef.current?.getMap();
    if (!map || !map.getSource(source)) return;
    const { markers: data, visible: show } = wanted.current;
    const state = applied.current;
    if (state.markers === data && state.visible === show) return; // already applied (sourcedata fires often)
    if (state.markers !== data) {
      map.removeFeatureState({ source });
      state.markers = data;
      state.hidden = new Set();
    }
    const hidden = new Set<number>();
    if (show) for (const f of data.features) if (!show.has(f.id)) hidden.add(f.id);
    for (const id of hidden) if (!state.hidden.has(id)) map.setFeatureState({ source, id }, { hidden: true });
    for (const id of state.hidden) if (!hidden.has(id)) map.setFeatureState({ source, id }, { hidden: false });
    state.hidden = hidden;
    state.visible = show;
  }, [mapRef, source]);

  useEffect(sync, [sync, markers, visible]);
  return { visible, sync };
}
