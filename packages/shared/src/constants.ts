/** Section 9 business constants. */
export const DEFAULT_PAGE_SIZE = 50;
export const RAW_DATA_LIMIT = 40000;
export const TOAST_TIMEOUT_MS = 10_000;
export const STORE_SEARCH_DEBOUNCE_MS = 500;
export const CACHE_MS = 30 * 60 * 1000;
export const POST_AUTH_REDIRECT_MS = 1000;
export const SIDEBAR_MIN_WIDTH = 270;
export const MOBILE_BREAKPOINT_PX = 768;
export const KG_TO_LB = 2.20462;
export const REPORT_TIME_ZONE = 'America/Vancouver';

export const DEPARTMENTS = [
  { id: 1, name: 'Bakery', color: '#8c564b' },
  { id: 2, name: 'Dairy', color: '#1f77b4' },
  { id: 3, name: 'Deli', color: '#9467bd' },
  { id: 4, name: 'Meat/Seafood', color: '#d62728' },
  { id: 5, name: 'Produce', color: '#2ca02c' },
  { id: 6, name: 'Grocery', color: '#ff7f0e' },
  { id: 7, name: 'Other', color: '#7f7f7f' },
] as const;

export const DESTINATIONS = [
  { id: 1, name: 'Charity', color: '#e377c2' },
  { id: 2, name: 'Farm', color: '#bcbd22' },
  { id: 3, name: 'Compost', color: '#17becf' },
] as const;

export const JOB_STATUSES = ['started', 'progressing', 'initialized', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** The statuses of a job that has not ended: the runner may still take it up, and only such a job is moved on. */
export const UNFINISHED_JOB_STATUSES = ['initialized', 'started', 'progressing'] as const;

export function isJobRunning(status: JobStatus): boolean {
  return status === 'started' || status === 'progressing';
}

/**
 * kg to lb, rounded up (section 9): the one rule for every pound figure, on screen, in spreadsheets and in PDFs.
 * A total's pounds are its own kilograms converted, never the sum of its rows' rounded pounds (decision 0049).
 */
export function kgToLb(kg: number): number {
  return Math.ceil(kg * KG_TO_LB);
}

/** The pound rule in words, as the About these numbers page and the spreadsheets state it. */
export const LB_ROUNDING_RULE =
  `Pounds are kilograms × ${KG_TO_LB}, rounded up to a whole pound. A total is converted from the total ` +
  'kilograms, not added up from rounded rows, so the rows above a total can add up to a little more (less than ' +
  '1 lb more per row).';
