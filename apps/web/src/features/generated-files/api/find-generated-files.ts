import {
  appsheetActionPath,
  generatedFileFindResultSchema,
  type GeneratedFileFindResult,
  type GeneratedFileRow,
} from '@openrescue/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/env';
import { api } from '../../../lib/api';
import type { GeneratedFilesFilters } from '../lib/filters';
import { firstFilePerStore } from '../lib/first-per-store';
import { buildGeneratedFilesSelector } from '../lib/selector';

export type { GeneratedFileRow };

/** Spec 7.1 sends these with every AppSheet call. */
const PROPERTIES = { Locale: 'en-US', Timezone: 'Pacific Standard Time' } as const;
/** Pages of FIND_PAGE_SIZE (5,000) rows; beyond this many pages the list stops and says so. */
const MAX_PAGES = 40;

export interface GeneratedFilesList {
  /** The files listed: the first of each publish_file_id per store, newest first. */
  rows: GeneratedFileRow[];
  /** Files the filters match before that (every version and type). */
  matched: number;
  /** False when the list stopped after MAX_PAGES pages. */
  complete: boolean;
}

/** POST {ops}/appsheet/table/GeneratedFile/action (Find): one page; `url` is the first page or a `next` URL. */
async function findPage(url: string, selector: string, signal?: AbortSignal): Promise<GeneratedFileFindResult> {
  const body = { Action: 'Find', Properties: { ...PROPERTIES, Selector: selector } };
  const parsed = generatedFileFindResultSchema.safeParse(await api.post<unknown>(url, body, { signal }));
  if (!parsed.success) throw new Error('The file list arrived in a shape this screen does not understand.');
  return parsed.data;
}

/** Every page the Selector finds (following `next`), then one row per publish file and store. */
export async function findGeneratedFiles(
  filters: GeneratedFilesFilters,
  signal?: AbortSignal,
): Promise<GeneratedFilesList> {
  const selector = buildGeneratedFilesSelector(filters);
  let page = await findPage(apiUrl(appsheetActionPath('GeneratedFile')), selector, signal);
  const all = [...page.data];
  let pages = 1;
  while (page.next && pages < MAX_PAGES) {
    page = await findPage(page.next, selector, signal);
    all.push(...page.data);
    pages += 1;
  }
  return { rows: firstFilePerStore(all), matched: page.count, complete: !page.next };
}

export const generatedFilesQueryOptions = (filters: GeneratedFilesFilters) =>
  queryOptions({
    queryKey: ['generated-files', 'list', filters],
    queryFn: ({ signal }) => findGeneratedFiles(filters, signal),
    // Publishing adds files and changes their status: always ask again when the screen opens.
    staleTime: 0,
    // The screen shows its own error with a retry.
    meta: { errorDialog: false },
  });

export function useGeneratedFiles(filters: GeneratedFilesFilters) {
  return useQuery(generatedFilesQueryOptions(filters));
}
