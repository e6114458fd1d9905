import { useQuery } from '@tanstack/react-query';
import { coreUrl } from '../config/env';
import { api } from './api';

export interface LookupOption {
  value: string;
  label: string;
}

type LookupKind = 'receivers' | 'stores' | 'companies' | 'reasons';

function readRows(response: unknown): Array<Record<string, unknown>> {
  if (typeof response !== 'object' || response === null) return [];
  const body = response as { results?: unknown; data?: unknown };
  if (Array.isArray(body.results)) return body.results as Array<Record<string, unknown>>;
  if (Array.isArray(body.data)) return body.data as Array<Record<string, unknown>>;
  return [];
}

/** GET {core}/api/{receivers|stores|companies|reasons} (section 7.3 lookup lists) as picker options. */
export async function getLookup(kind: LookupKind, signal?: AbortSignal): Promise<LookupOption[]> {
  const response = await api.get<unknown>(coreUrl(kind), { signal, query: { page_size: kind === 'reasons' ? 1000 : 9999 } });
  return readRows(response).map((row) => ({
    value: String(row.id),
    label: String(row.name ?? row.reason ?? row.text ?? row.id),
  }));
}

export function useLookup(kind: LookupKind) {
  return useQuery({ queryKey: ['lookups', 'options', kind], queryFn: ({ signal }) => getLookup(kind, signal) });
}
