import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Sets and clears several search parameters at once (a null or empty value removes the key): filters replace the
 * history entry; `push` makes a new one (an opened panel that Back closes).
 */
export function useSearchParamsUpdate() {
  const [, setParams] = useSearchParams();
  return useCallback(
    (changes: Record<string, string | null>, push = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        push ? { state: { fromList: true } } : { replace: true },
      ),
    [setParams],
  );
}
