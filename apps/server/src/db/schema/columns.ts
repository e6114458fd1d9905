import type { ColumnType } from 'kysely';

// Column types shared by the tables (db/schema.ts gathers the tables into DB).

/** timestamptz: a Date when read; a Date or ISO string when written. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** date (yyyy-mm-dd): read as a Date at midnight; write a 'yyyy-mm-dd' string to avoid time-zone shifts. */
export type DateColumn = ColumnType<Date, Date | string, Date | string>;
/** numeric and bigint: read as JS numbers (see connection.ts); written as numbers or decimal strings. */
export type Numeric = ColumnType<number, number | string, number | string>;
export type Json = ColumnType<unknown, string, string>;
export type JsonObject = ColumnType<Record<string, unknown>, string, string>;
export type Default<T> = ColumnType<T, T | undefined, T>;
/** timestamptz with a database default. */
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
