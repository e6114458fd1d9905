import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { lookupsPaths } from '@openrescue/shared';
import { apiUrl } from '../config/env';
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
  const response = await api.get<unknown>(apiUrl(lookupsPaths[kind]), {
    signal,
    query: { page_size: kind === 'reasons' ? 1000 : 9999 },
  });
  return readRows(response).map((row) => ({
    value: String(row.id),
    label: String(row.name ?? row.reason ?? row.text ?? row.id),
  }));
}

export function useLookup(kind: LookupKind) {
  return useQuery({ queryKey: ['lookups', 'options', kind], queryFn: ({ signal }) => getLookup(kind, signal) });
}

/** A name for an id: the lookup's label, '#id' until the lookup arrives, '—' for none. */
export type NameOf = (id: number | null) => string;
export interface Names {
  company: NameOf;
  store: NameOf;
  receiver: NameOf;
}

function useNameOf(kind: 'companies' | 'stores' | 'receivers'): NameOf {
  const lookup = useLookup(kind);
  return useMemo(() => {
    const map = new Map((lookup.data ?? []).map((o) => [Number(o.value), o.label]));
    return (id: number | null) => (id === null ? '—' : (map.get(id) ?? `#${id}`));
  }, [lookup.data]);
}

/** Company, store and receiver names from the shared lookups (tables of report and generated files). */
export function useLookupNames(): Names {
  const company = useNameOf('companies');
  const store = useNameOf('stores');
  const receiver = useNameOf('receivers');
  return useMemo(() => ({ company, store, receiver }), [company, store, receiver]);
}
