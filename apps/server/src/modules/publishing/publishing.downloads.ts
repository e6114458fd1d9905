import type { Readable } from 'node:stream';
import { reportDay, ZIP_MAX_FILES } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import { generatedFileName } from '../../documents/file-names.js';
import { PDF_CONTENT_TYPE, XLSX_CONTENT_TYPE } from '../../documents/content-types.js';
import type { DB } from '../../db/schema.js';
import { STORED_ZIP_MAX_BYTES, storedZip, storedZipSize, type ZipSource } from '../../documents/stored-zip.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import type { FileStore } from '../../storage/file-store.js';
import { generatedFilesNamed } from './publishing.repository.js';
import { applyOrder, applyWhere } from './selector/compile.js';
import type { SelectorQuery } from './selector/parser.js';

export const CONTENT_TYPES: Record<string, string> = { xlsx: XLSX_CONTENT_TYPE, pdf: PDF_CONTENT_TYPE };

interface NamedRow {
  id: number;
  file_type: string;
  file_uri: string | null;
  version: number;
  creation_time: Date;
  file_name: string;
}

function toNamed(r: Record<string, unknown>): NamedRow {
  const version = Number(r.version);
  return {
    id: Number(r.id),
    file_type: String(r.file_type),
    file_uri: (r.file_uri as string | null) ?? null,
    version,
    creation_time: new Date(r.creation_time as string),
    file_name: generatedFileName({
      receiver: r.receiver as string | null,
      company: r.company as string | null,
      store: r.store as string | null,
      entry_date: String(r.entry_date).slice(0, 10),
      version,
      ext: String(r.file_type),
    }),
  };
}

export interface StoredDownload {
  fileName: string;
  contentType: string;
  size: number;
  stream(): Readable;
}

/** One generated file as stored (404 when the row, its file_uri or the file itself is missing). */
export async function generatedFileDownload(db: Kysely<DB>, files: FileStore, id: number): Promise<StoredDownload> {
  const row = await generatedFilesNamed(db).where('t.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(`Generated file ${id} was not found.`);
  const file = toNamed(row);
  const stored = file.file_uri ? await files.read(file.file_uri) : null;
  if (!stored) throw notFound(`Generated file ${id} has no stored document (its render failed or it was removed).`);
  return {
    fileName: file.file_name,
    contentType: CONTENT_TYPES[file.file_type] ?? 'application/octet-stream',
    size: stored.size,
    stream: stored.stream,
  };
}

export const zipFileName = (now = new Date()) => `generated_files_${reportDay(now)}.zip`;

/**
 * The stored documents a GeneratedFile Selector finds (newest first unless it orders them; at most ZIP_MAX_FILES)
 * as one zip, streamed. Documents are already compressed, so entries are stored as they are: the zip's size is
 * known before the first byte, and the browser can show progress. Entry times are the files' creation times on
 * the network's clock (decision 0049).
 */
export async function generatedFilesZip(
  db: Kysely<DB>,
  files: FileStore,
  q: SelectorQuery,
): Promise<{ fileName: string; size: number; count: number; stream: Readable }> {
  const ordered: SelectorQuery = q.order.length ? q : { ...q, order: [{ column: 'creation_time', desc: true }] };
  const limit = Math.min(ordered.limit ?? ZIP_MAX_FILES, ZIP_MAX_FILES);
  const rows = await applyOrder(
    applyWhere(generatedFilesNamed(db), ordered).where('t.file_uri', 'is not', null),
    ordered,
  )
    .limit(limit)
    .execute();
  const sources: ZipSource[] = [];
  const used = new Set<string>();
  for (const file of rows.map(toNamed)) {
    const stored = await files.read(file.file_uri!);
    if (!stored) continue;
    let name = file.file_name;
    if (used.has(name)) name = name.replace(/(\.[a-z]+)$/, `_${file.id}$1`);
    used.add(name);
    sources.push({ name, size: stored.size, modified: file.creation_time, open: () => stored.stream() });
  }
  const bytes = storedZipSize(sources);
  if (bytes > STORED_ZIP_MAX_BYTES) {
    throw badRequest(
      `These ${sources.length} files come to ${Math.ceil(bytes / 2 ** 20)} MB; one zip holds at most 4 GB.`,
      'Narrow the filters (a shorter date range, fewer companies) and download in parts.',
    );
  }
  const zip = storedZip(sources);
  return { fileName: zipFileName(), size: zip.size, count: sources.length, stream: zip.stream };
}
