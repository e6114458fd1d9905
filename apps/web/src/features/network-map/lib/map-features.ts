import {
  isOnMap,
  markerKindOf,
  organizationMatchesSearch,
  type MarkerKind,
  type MapOrganization,
  type ShowFlags,
} from '@openrescue/shared';

export interface MarkerProperties {
  id: number;
  kind: MarkerKind;
}

export interface MarkerCollection {
  type: 'FeatureCollection';
  features: {
    type: 'Feature';
    id: number;
    geometry: { type: 'Point'; coordinates: [number, number] };
    properties: MarkerProperties;
  }[];
}

/**
 * What the map draws: the organizations the section 4 rules show (verified, flags, never a Farmer) whose name
 * or city contains the search text (3 characters or more, decision 0060), as GeoJSON points with their legend kind.
 */
export function visibleOrganizations(
  orgs: readonly MapOrganization[],
  flags: ShowFlags,
  search: string,
): MapOrganization[] {
  return orgs.filter((o) => isOnMap(o, flags) && organizationMatchesSearch(o, search));
}

export function markerCollection(orgs: readonly MapOrganization[]): MarkerCollection {
  return {
    type: 'FeatureCollection',
    features: orgs.flatMap((o) =>
      o.location
        ? [
            {
              type: 'Feature' as const,
              id: o.id,
              geometry: { type: 'Point' as const, coordinates: o.location.coordinates },
              properties: { id: o.id, kind: markerKindOf(o.sf_type) },
            },
          ]
        : [],
    ),
  };
}
