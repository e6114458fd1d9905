import { GENERATED_FILE_STAGES } from '@openrescue/shared';

/** The stage filter: the first part of file_status (QUEUE, SENT) or every stage. */
export const STAGE_OPTIONS = [...GENERATED_FILE_STAGES, 'all'] as const;
export type StageFilter = (typeof STAGE_OPTIONS)[number];
/** Spec 4 "Generated Files": the initial status filter is QUEUE. */
export const DEFAULT_STAGE: StageFilter = 'QUEUE';

/** What the screen filters by. A receiver and a company are never both set (picking one clears the other). */
export interface GeneratedFilesFilters {
  companyId: number | null;
  receiverId: number | null;
  /** YYYY-MM: files whose entry_date falls in that month. */
  month: string | null;
  stage: StageFilter;
}

/** The address keys: ?company=&receiver=&month=&stage= (and ?file= for the open row details). */
export const FILTER_KEYS = {
  company: 'company',
  receiver: 'receiver',
  month: 'month',
  stage: 'stage',
  file: 'file',
} as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** Ids are 32-bit integer columns on the server; a larger one could never match. */
const MAX_ID = 2_147_483_647;

/** A positive whole id as written in the address, or null (anything else is ignored, never passed on). */
export function parseId(text: string | null | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_ID ? id : null;
}

export function parseMonth(text: string | null | undefined): string | null {
  return text && MONTH.test(text) ? text : null;
}

export function parseStage(text: string | null | undefined): StageFilter {
  return (STAGE_OPTIONS as readonly string[]).includes(text ?? '') ? (text as StageFilter) : DEFAULT_STAGE;
}

/** The filters from the address; a hand-written address naming both keeps the receiver. */
export function readFilters(params: URLSearchParams): GeneratedFilesFilters {
  const receiverId = parseId(params.get(FILTER_KEYS.receiver));
  return {
    receiverId,
    companyId: receiverId === null ? parseId(params.get(FILTER_KEYS.company)) : null,
    month: parseMonth(params.get(FILTER_KEYS.month)),
    stage: parseStage(params.get(FILTER_KEYS.stage)),
  };
}

/** First and last day of a YYYY-MM month ('2026-02' -> 2026-02-01 .. 2026-02-28). */
export function monthRange(month: string): { from: string; to: string } {
  const m = MONTH.exec(month);
  if (!m) throw new Error(`Not a month: ${month}`);
  const year = Number(m[1]);
  const monthIndex = Number(m[2]);
  const lastDay = new Date(Date.UTC(year, monthIndex, 0)).getUTCDate();
  return { from: `${m[1]}-${m[2]}-01`, to: `${m[1]}-${m[2]}-${String(lastDay).padStart(2, '0')}` };
}

/** How many of the drop's filters are set (the stage has its own control). */
export function activeFilterCount(filters: GeneratedFilesFilters): number {
  return [filters.companyId, filters.receiverId, filters.month].filter((v) => v !== null).length;
}
