import {
  BULK_SCAN_ORDERING,
  CONTACT_ORDERING,
  RECEIVER_ORDERING,
  STIPEND_ORDERING,
  STORE_ORDERING,
  TRANSCRIPT_ORDERING,
} from '@openrescue/shared';

/** One choice of a list's Sort select: an `ordering` the server accepts (decision 0065), and its words. */
export interface SortOption<K extends string = string> {
  /** Comma-joined keys of K, each optionally '-' (descending): sent as `ordering` and kept in the address. */
  value: `${'-' | ''}${K}` | `${'-' | ''}${K},${string}`;
  label: string;
}

type Options<K extends readonly string[]> = SortOption<K[number]>[];

/** The first option of each list is its default order: the one the server uses without `ordering`. */
export const STORE_SORT: Options<typeof STORE_ORDERING> = [
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: 'company_name,name', label: 'Company, A to Z' },
  { value: 'city,name', label: 'City, A to Z' },
  { value: '-id', label: 'Newest added first' },
];

export const RECEIVER_SORT: Options<typeof RECEIVER_ORDERING> = [
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: 'city,name', label: 'City, A to Z' },
  { value: '-id', label: 'Newest added first' },
];

export const BULK_SCAN_SORT: Options<typeof BULK_SCAN_ORDERING> = [
  { value: '-entry_time', label: 'Date, newest first' },
  { value: 'entry_time', label: 'Date, oldest first' },
  { value: 'store,-entry_time', label: 'Store, A to Z' },
  { value: 'receiver,-entry_time', label: 'Receiver, A to Z' },
  { value: 'reason,-entry_time', label: 'Reason, A to Z' },
  { value: '-creation_time', label: 'Recorded, newest first' },
];

export const STIPEND_SORT: Options<typeof STIPEND_ORDERING> = [
  { value: 'year_month,receiver_name,store_name', label: 'Month, oldest first' },
  { value: '-year_month,receiver_name,store_name', label: 'Month, newest first' },
  { value: 'receiver_name,store_name,year_month', label: 'Receiver, A to Z' },
  { value: 'store_name,receiver_name,year_month', label: 'Store, A to Z' },
  { value: '-actual_non_service_days,receiver_name,store_name', label: 'Most missed pickups first' },
  { value: '-actual_service_days,receiver_name,store_name', label: 'Most pickups first' },
];

export const CONTACT_SORT: Options<typeof CONTACT_ORDERING> = [
  { value: 'organization_name,email', label: 'Organization, A to Z' },
  { value: '-organization_name,email', label: 'Organization, Z to A' },
  { value: 'email', label: 'E-mail, A to Z' },
  { value: 'first_name,email', label: 'First name, A to Z' },
  { value: 'report_type,organization_name,email', label: 'Report type' },
  { value: '-unsubscribed_at,organization_name', label: 'Unsubscribed first' },
];

export const TRANSCRIPT_SORT: Options<typeof TRANSCRIPT_ORDERING> = [
  { value: '-created_at', label: 'Date, newest first' },
  { value: 'created_at', label: 'Date, oldest first' },
  { value: '-tw_call_length,-created_at', label: 'Longest first' },
  { value: 'tw_call_length,-created_at', label: 'Shortest first' },
  { value: 'sentiment_score,-created_at', label: 'Most negative first' },
  { value: 'tw_caller_name,-created_at', label: 'Caller, A to Z' },
];

/** The `ordering` in the address when it is one of `options`, else the list's default (the first option). */
export function readSort(params: URLSearchParams, options: readonly SortOption[]): string {
  const asked = params.get('ordering');
  return options.find((o) => o.value === asked)?.value ?? options[0].value;
}

/** What the API is sent: nothing for the default order (the server's own), else the chosen `ordering`. */
export const sortQuery = (value: string, options: readonly SortOption[]) =>
  value === options[0].value ? {} : { ordering: value };
