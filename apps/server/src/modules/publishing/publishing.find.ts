import {
  type AppsheetTable,
  type CompanyRow,
  FIND_PAGE_SIZE,
  type GeneratedFileRow,
  type PublishFileRow,
} from '@openrescue/shared';
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from '../../db/schema.js';
import { applyOrder, applyWhere } from './selector/compile.js';
import type { SelectorQuery } from './selector/parser.js';

export type FindRow = GeneratedFileRow | PublishFileRow | CompanyRow;

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The table behind each AppSheet table name (aliased t), the columns it answers with and how a row reads. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one of three shapes, read through toRow
function base(db: Kysely<DB>, table: AppsheetTable): SelectQueryBuilder<any, any, Record<string, unknown>> {
  switch (table) {
    case 'GeneratedFile':
      return db.selectFrom('generated_file as t').select([
        't.id',
        't.publish_file_id',
        't.company_id',
        't.store_id',
        't.receiver_id',
        't.file_type',
        't.entry_date',
        't.creation_time',
        't.file_status',
        't.file_uri',
        't.version',
        't.byte_size',
        't.error',
        // Decision 0061: its publish file's month was corrected after the last publish.
        sql<Date | null>`(select case when pf.file_status = 'PUBLISHED'
            and pf.corrected_at > coalesce(pf.file_change_time, '-infinity'::timestamptz) then pf.corrected_at end
            from publish_file pf where pf.id = t.publish_file_id)`.as('corrected_after_publish_at'),
      ]);
    case 'PublishFile':
      return db.selectFrom('publish_file as t').select([
        't.id',
        't.file_status',
        't.entry_date',
        't.company_id',
        't.receiver_id',
        't.store_id',
        't.file_change_time',
        't.file_type',
        't.publish_count',
        sql<Date | null>`case when t.file_status = 'PUBLISHED'
            and t.corrected_at > coalesce(t.file_change_time, '-infinity'::timestamptz) then t.corrected_at end`.as(
          'corrected_after_publish_at',
        ),
      ]);
    case 'Company':
      return db.selectFrom('company as t').select(['t.id', 't.name', 't.logo_image_url']);
  }
}

export function toGeneratedFileRow(r: Record<string, unknown>): GeneratedFileRow {
  return {
    id: Number(r.id),
    publish_file_id: Number(r.publish_file_id),
    company_id: num(r.company_id),
    store_id: num(r.store_id),
    receiver_id: num(r.receiver_id),
    file_type: r.file_type as GeneratedFileRow['file_type'],
    entry_date: String(r.entry_date).slice(0, 10),
    creation_time: iso(r.creation_time)!,
    file_status: String(r.file_status),
    file_uri: (r.file_uri as string | null) ?? null,
    version: Number(r.version),
    byte_size: num(r.byte_size),
    error: (r.error as string | null) ?? null,
    corrected_after_publish_at: iso(r.corrected_after_publish_at),
  };
}

function toRow(table: AppsheetTable, r: Record<string, unknown>): FindRow {
  switch (table) {
    case 'GeneratedFile':
      return toGeneratedFileRow(r);
    case 'PublishFile':
      return {
        id: Number(r.id),
        file_status: r.file_status as PublishFileRow['file_status'],
        entry_date: String(r.entry_date).slice(0, 10),
        company_id: num(r.company_id),
        receiver_id: num(r.receiver_id),
        store_id: num(r.store_id),
        file_change_time: iso(r.file_change_time),
        file_type: r.file_type as PublishFileRow['file_type'],
        publish_count: Number(r.publish_count),
        corrected_after_publish_at: iso(r.corrected_after_publish_at),
      };
    case 'Company':
      return { id: Number(r.id), name: String(r.name), logo_image_url: (r.logo_image_url as string | null) ?? null };
  }
}

export interface FindPage {
  count: number;
  rows: FindRow[];
}

/**
 * One page of the rows a Selector finds (FIND_PAGE_SIZE a page; Top(n) caps the total). Optional ids narrow it to
 * those rows (Find with Rows).
 */
export async function findRows(
  db: Kysely<DB>,
  q: SelectorQuery,
  options: { ids?: number[]; page?: number; pageSize?: number } = {},
): Promise<FindPage> {
  const pageSize = options.pageSize ?? FIND_PAGE_SIZE;
  const offset = ((options.page ?? 1) - 1) * pageSize;
  const counted = await applyWhere(
    db.selectFrom(`${tableOf(q.table)} as t` as 'company as t').select(sql<number>`count(*)`.as('n')),
    q,
    options.ids,
  ).executeTakeFirstOrThrow();
  const total = Number(counted.n);
  const count = q.limit === null ? total : Math.min(total, q.limit);
  const take = Math.min(pageSize, count - offset);
  if (take <= 0) return { count, rows: [] };
  const rows = await applyOrder(applyWhere(base(db, q.table), q, options.ids), q)
    .limit(take)
    .offset(offset)
    .execute();
  return { count, rows: rows.map((r) => toRow(q.table, r)) };
}

export function tableOf(table: AppsheetTable): 'generated_file' | 'publish_file' | 'company' {
  return table === 'GeneratedFile' ? 'generated_file' : table === 'PublishFile' ? 'publish_file' : 'company';
}
