import type { GeneratedFileRow } from '@openrescue/shared';

type Keyed = Pick<GeneratedFileRow, 'store_id' | 'publish_file_id'>;

/**
 * Spec 4 "Generated Files": per store, only the first file of each publish_file_id is listed. "First" is list
 * order (newest first); rows without a store (a receiver's or company's report) group under "no store".
 */
export function firstFilePerStore<T extends Keyed>(rows: readonly T[]): T[] {
  const seen = new Set<string>();
  const listed: T[] = [];
  for (const row of rows) {
    const key = `${row.store_id ?? '-'}:${row.publish_file_id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    listed.push(row);
  }
  return listed;
}
