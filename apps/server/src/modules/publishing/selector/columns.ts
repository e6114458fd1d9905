import type { AppsheetTable } from '@openrescue/shared';

/** What a column holds, for checking the values a Selector compares it with. */
export type ColumnType = 'int' | 'bigint' | 'date' | 'timestamp' | 'text';

export interface ColumnDef {
  /** The SQL reference, always `t.<column>` (every table is aliased t). */
  sql: string;
  type: ColumnType;
}

/**
 * The whitelist: the only columns a Selector may name, per table, with their SQL. Nothing else from the Selector's
 * text ever reaches SQL; values travel as parameters.
 */
export const SELECTOR_COLUMNS: Record<AppsheetTable, Record<string, ColumnDef>> = {
  GeneratedFile: {
    id: { sql: 't.id', type: 'bigint' },
    publish_file_id: { sql: 't.publish_file_id', type: 'int' },
    company_id: { sql: 't.company_id', type: 'int' },
    store_id: { sql: 't.store_id', type: 'int' },
    receiver_id: { sql: 't.receiver_id', type: 'int' },
    file_type: { sql: 't.file_type', type: 'text' },
    entry_date: { sql: 't.entry_date', type: 'date' },
    creation_time: { sql: 't.creation_time', type: 'timestamp' },
    file_status: { sql: 't.file_status', type: 'text' },
    file_uri: { sql: 't.file_uri', type: 'text' },
    version: { sql: 't.version', type: 'int' },
    byte_size: { sql: 't.byte_size', type: 'bigint' },
    error: { sql: 't.error', type: 'text' },
  },
  PublishFile: {
    id: { sql: 't.id', type: 'int' },
    file_status: { sql: 't.file_status', type: 'text' },
    entry_date: { sql: 't.entry_date', type: 'date' },
    company_id: { sql: 't.company_id', type: 'int' },
    receiver_id: { sql: 't.receiver_id', type: 'int' },
    store_id: { sql: 't.store_id', type: 'int' },
    file_change_time: { sql: 't.file_change_time', type: 'timestamp' },
    file_type: { sql: 't.file_type', type: 'text' },
    publish_count: { sql: 't.publish_count', type: 'int' },
  },
  Company: {
    id: { sql: 't.id', type: 'int' },
    name: { sql: 't.name', type: 'text' },
    logo_image_url: { sql: 't.logo_image_url', type: 'text' },
  },
};

/** The column of `table` called `name` (case-insensitive), or null. */
export function findColumn(table: AppsheetTable, name: string): { name: string; def: ColumnDef } | null {
  const columns = SELECTOR_COLUMNS[table];
  const key = Object.keys(columns).find((k) => k.toLowerCase() === name.toLowerCase());
  return key ? { name: key, def: columns[key] } : null;
}
