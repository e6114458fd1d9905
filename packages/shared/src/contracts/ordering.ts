import { z } from 'zod';

/**
 * User-chosen sort of the console lists (issue 36 §5, decision 0065): `ordering`, in the API's Django REST style, a
 * comma-joined list of allow-listed keys, each optionally preceded by '-' for descending: `?ordering=-weight_kg,store`.
 * The keys are the fields each list answers with; anything else is a 400 that names what is allowed. The server
 * always ends the order with the row's id (or its natural key), so equal keys keep one order from page to page.
 */

export interface OrderKey<K extends string = string> {
  key: K;
  desc: boolean;
}

/** At most this many keys in one `ordering` (a bound on the SQL; the screens send one). */
export const ORDERING_MAX_KEYS = 3;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Reads `-key` / `key` into an order key; undefined for a key outside the list. */
export function parseOrderKey<K extends string>(keys: readonly K[], text: string): OrderKey<K> | undefined {
  const desc = text.startsWith('-');
  const key = (desc ? text.slice(1) : text) as K;
  return keys.includes(key) ? { key, desc } : undefined;
}

/** The `ordering` text of order keys ('-entry_time,id'). */
export function orderingText(order: readonly OrderKey[]): string {
  return order.map((o) => `${o.desc ? '-' : ''}${o.key}`).join(',');
}

/**
 * The `ordering` query parameter of a list whose sortable keys are `keys`: validated by a pattern (so the OpenAPI
 * document lists the keys), no key twice, at most ORDERING_MAX_KEYS keys; parsed into order keys.
 */
export function orderingParam<K extends string>(keys: readonly K[]) {
  const one = `-?(?:${keys.map(escape).join('|')})`;
  const allowed = keys.join(', ');
  return z
    .string()
    .max(200)
    .regex(
      new RegExp(`^${one}(?:,${one}){0,${ORDERING_MAX_KEYS - 1}}$`),
      `unknown sort key: expected up to ${ORDERING_MAX_KEYS} comma-joined keys among ${allowed}, each optionally preceded by '-' for descending`,
    )
    .transform((v) => v.split(',').map((part) => parseOrderKey(keys, part)!))
    .refine((order) => new Set(order.map((o) => o.key)).size === order.length, 'a sort key is named twice');
}

// ---- the sortable keys of each console list (the fields each answers with) ----

export const STORE_ORDERING = ['name', 'company_name', 'city', 'id'] as const;
export const RECEIVER_ORDERING = ['name', 'city', 'id'] as const;
export const BULK_SCAN_ORDERING = [
  'entry_time',
  'creation_time',
  'weight_kg',
  'store',
  'receiver',
  'reason',
  'id',
] as const;
export const STIPEND_ORDERING = [
  'year_month',
  'receiver_name',
  'store_name',
  'actual_service_days',
  'actual_non_service_days',
] as const;
export const CONTACT_ORDERING = [
  'organization_name',
  'email',
  'first_name',
  'report_type',
  'unsubscribed_at',
  'id',
] as const;
export const TRANSCRIPT_ORDERING = ['created_at', 'tw_caller_name', 'tw_call_length', 'sentiment_score', 'id'] as const;
