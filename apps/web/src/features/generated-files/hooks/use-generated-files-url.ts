import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSearchParamsUpdate } from '../../../lib/search-params';
import { DEFAULT_STAGE, FILTER_KEYS, parseId, readFilters, type StageFilter } from '../lib/filters';

/**
 * The screen's state in the address: ?company=&receiver=&month=YYYY-MM&stage= and ?file= for the open row
 * details. Spec 4: picking a receiver clears the company and picking a company clears the receiver.
 */
export function useGeneratedFilesUrl() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const openedHere = (location.state as { fromList?: boolean } | null)?.fromList === true;
  const filters = useMemo(() => readFilters(params), [params]);
  const openFileId = parseId(params.get(FILTER_KEYS.file));

  const update = useSearchParamsUpdate();

  const setCompany = useCallback(
    (id: string | null) =>
      update(id ? { [FILTER_KEYS.company]: id, [FILTER_KEYS.receiver]: null } : { [FILTER_KEYS.company]: null }),
    [update],
  );
  const setReceiver = useCallback(
    (id: string | null) =>
      update(id ? { [FILTER_KEYS.receiver]: id, [FILTER_KEYS.company]: null } : { [FILTER_KEYS.receiver]: null }),
    [update],
  );
  const setMonth = useCallback((month: string | null) => update({ [FILTER_KEYS.month]: month }), [update]);
  const setStage = useCallback(
    (stage: StageFilter) => update({ [FILTER_KEYS.stage]: stage === DEFAULT_STAGE ? null : stage }),
    [update],
  );
  /** Opening details is a history entry, so Back closes them (and closing goes back to the list's entry). */
  const openFile = useCallback((id: number) => update({ [FILTER_KEYS.file]: String(id) }, true), [update]);
  const closeFile = useCallback(
    () => (openedHere ? navigate(-1) : update({ [FILTER_KEYS.file]: null })),
    [navigate, openedHere, update],
  );

  return { filters, openFileId, setCompany, setReceiver, setMonth, setStage, openFile, closeFile };
}
