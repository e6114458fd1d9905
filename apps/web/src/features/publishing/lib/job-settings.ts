import { DEFAULT_MAX_PUBLISH_CHUNK, DEFAULT_MAX_PUBLISH_FILES, PUBLISH_FILE_TYPES } from '@openrescue/shared';

/** A publish file's kind. */
export type PublishFileType = (typeof PUBLISH_FILE_TYPES)[number];

/** Spec 5 "Publish job": file count 1 / selected / max; number per API call 1 / 2 / max. Both default to 1. */
export type FileCountChoice = '1' | 'selected' | 'max';
export type PerCallChoice = '1' | '2' | 'max';

export interface JobSettings {
  fileCount: FileCountChoice;
  perCall: PerCallChoice;
  /** The row the run starts at (in list order), set by 'Set as queue start'; null: the first row. */
  startAtId: number | null;
  /** The custom ids box as typed: a JSON list; empty means an empty list. */
  customIds: string;
}

export const DEFAULT_JOB_SETTINGS: JobSettings = { fileCount: '1', perCall: '1', startAtId: null, customIds: '' };

export type CustomIds = { ok: true; ids: number[] } | { ok: false; message: string };

export const CUSTOM_IDS_MESSAGE = 'Custom ids must be a JSON list of file ids, e.g. [12, 15].';

/** Spec 5: custom ids must be a JSON list; an empty box means an empty list. Ids are whole numbers from 1. */
export function parseCustomIds(text: string): CustomIds {
  if (text.trim() === '') return { ok: true, ids: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: CUSTOM_IDS_MESSAGE };
  }
  if (!Array.isArray(value)) return { ok: false, message: CUSTOM_IDS_MESSAGE };
  const bad = value.find((v) => typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 2_147_483_647);
  if (bad !== undefined)
    return { ok: false, message: `${CUSTOM_IDS_MESSAGE} ${JSON.stringify(bad)} is not a file id.` };
  return { ok: true, ids: [...new Set(value as number[])] };
}

/**
 * Where a run starts when no row was set as queue start (issue 36): the first file in list order that was never
 * published, not the first file of the list (published long ago); the first file when every one was published.
 */
export function defaultStartId(rows: readonly { id: number; publish_count: number }[]): number | null {
  return (rows.find((r) => r.publish_count === 0) ?? rows[0])?.id ?? null;
}

export function perCallCount(choice: PerCallChoice, max = DEFAULT_MAX_PUBLISH_CHUNK): number {
  return choice === 'max' ? max : Number(choice);
}

/**
 * The files a START PUBLISH sends, in order (DESIGN 6 "Publishing details"): non-empty custom ids replace the
 * list; 'selected' takes the ticked rows in list order; otherwise 1 or max (the listed files, capped) from the
 * start-at row on.
 */
export function pickPublishRows(
  listIds: readonly number[],
  settings: Pick<JobSettings, 'fileCount' | 'startAtId'>,
  selected: ReadonlySet<number>,
  customIds: readonly number[],
  maxFiles = DEFAULT_MAX_PUBLISH_FILES,
): number[] {
  if (customIds.length > 0) return customIds.slice(0, maxFiles);
  if (settings.fileCount === 'selected') return listIds.filter((id) => selected.has(id)).slice(0, maxFiles);
  const from = settings.startAtId === null ? 0 : Math.max(0, listIds.indexOf(settings.startAtId));
  const count = settings.fileCount === '1' ? 1 : maxFiles;
  return listIds.slice(from, from + count);
}

export interface PublishFilters {
  companyId: number | null;
  receiverId: number | null;
  /** The entry month, YYYY-MM-01. */
  month: string | null;
  /** One file kind only (a company's report is a kind of its own: COMPANY_REPORT, decision 0068). */
  fileType?: PublishFileType | null;
}

/** The job's name: publish_company_{id}, publish_receiver_{id} for a filtered list, publish_all otherwise. */
export function taskNameFor(filters: PublishFilters): string {
  if (filters.companyId) return `publish_company_${filters.companyId}`;
  if (filters.receiverId) return `publish_receiver_${filters.receiverId}`;
  return 'publish_all';
}

/** The PublishFile Find selector for the filters, in id order (the queue order). */
export function publishFileSelector(filters: PublishFilters): string {
  const conditions: string[] = [];
  if (filters.companyId) conditions.push(`[company_id] = ${Math.trunc(filters.companyId)}`);
  if (filters.receiverId) conditions.push(`[receiver_id] = ${Math.trunc(filters.receiverId)}`);
  if (filters.month && /^\d{4}-\d{2}-01$/.test(filters.month)) conditions.push(`[entry_date] = "${filters.month}"`);
  if (filters.fileType && PUBLISH_FILE_TYPES.includes(filters.fileType)) {
    conditions.push(`[file_type] = "${filters.fileType}"`);
  }
  const source = conditions.length === 0 ? 'PublishFile' : `Filter(PublishFile, AND(${conditions.join(', ')}))`;
  return `OrderBy(${source}, [id], FALSE)`;
}
