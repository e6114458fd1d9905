import { useCallback } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';

/** Marks a history entry pushed by opening a row, so closing the panel can simply go back. */
export interface ListLocationState {
  fromList?: boolean;
}

/**
 * Filters, paging and the open panel live in the address (STYLE list recipe): `?filter=...` for filters,
 * `/{id}` for the open row and `?panel=...` for the side panel over it.
 */
export function useListUrl(basePath: string) {
  const [params, setParams] = useSearchParams();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();

  const setFilter = useCallback(
    (key: string, value: string | null) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  /** The list's filters only (no panel keys), as a query string with '?' or ''. */
  const filterSearch = useCallback(() => {
    const next = new URLSearchParams(params);
    for (const key of ['panel', 'store', 'receiver']) next.delete(key);
    const qs = next.toString();
    return qs ? `?${qs}` : '';
  }, [params]);

  const rowHref = useCallback(
    (rowId: string | number) => `${basePath}/${rowId}${filterSearch()}`,
    [basePath, filterSearch],
  );

  const closePanel = useCallback(() => {
    if ((location.state as ListLocationState | null)?.fromList) navigate(-1);
    else navigate(`${basePath}${filterSearch()}`, { replace: true });
  }, [basePath, filterSearch, location.state, navigate]);

  /** Opens a side panel over the detail panel (one at a time); back returns to the detail. */
  const openSidePanel = useCallback(
    (panel: string, extra: Record<string, string> = {}) => {
      const next = new URLSearchParams(params);
      next.set('panel', panel);
      for (const [k, v] of Object.entries(extra)) next.set(k, v);
      navigate(
        { pathname: location.pathname, search: `?${next.toString()}` },
        { state: { fromList: true, fromDetail: true } },
      );
    },
    [location.pathname, navigate, params],
  );

  const closeSidePanel = useCallback(() => {
    if ((location.state as { fromDetail?: boolean } | null)?.fromDetail) {
      navigate(-1);
      return;
    }
    const next = new URLSearchParams(params);
    for (const key of ['panel', 'store', 'receiver']) next.delete(key);
    const qs = next.toString();
    navigate({ pathname: location.pathname, search: qs ? `?${qs}` : '' }, { replace: true });
  }, [location.pathname, location.state, navigate, params]);

  return { params, id, setFilter, rowHref, closePanel, openSidePanel, closeSidePanel, panel: params.get('panel') };
}
