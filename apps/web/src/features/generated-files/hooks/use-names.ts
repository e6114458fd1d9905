import { useMemo } from 'react';
import { useLookup } from '../../../lib/lookups';

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
    return (id: number | null) => (id === null ? '—' : map.get(id) ?? `#${id}`);
  }, [lookup.data]);
}

/** Company, store and receiver names from the shared lookups ('#id' until they arrive, '—' for none). */
export function useNames(): Names {
  const company = useNameOf('companies');
  const store = useNameOf('stores');
  const receiver = useNameOf('receivers');
  return useMemo(() => ({ company, store, receiver }), [company, store, receiver]);
}
