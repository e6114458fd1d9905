import { metricsPaths } from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import { normaliseFactor, sortFactors, type ImpactFactorRow } from '../lib/normalise-factor';

function readList(response: unknown): Record<string, unknown>[] {
  if (Array.isArray(response)) return response;
  const body = (response ?? {}) as { results?: unknown; data?: unknown; factors?: unknown };
  const list = body.results ?? body.data ?? body.factors;
  return Array.isArray(list) ? list : [];
}

/** GET {core}/api/impact-factors (public): every factor version with its source (decision 0004). */
export async function getImpactFactors(signal?: AbortSignal): Promise<ImpactFactorRow[]> {
  const response = await api.get<unknown>(apiUrl(metricsPaths.impactFactors), { signal });
  return sortFactors(readList(response).map(normaliseFactor));
}

export const impactFactorsQueryOptions = () =>
  queryOptions({ queryKey: ['impact-factors'], queryFn: ({ signal }) => getImpactFactors(signal) });

/** The About page shows its own error (a public page has no console to fall back on). */
export function useImpactFactors() {
  return useQuery({ ...impactFactorsQueryOptions(), meta: { errorDialog: false } });
}
