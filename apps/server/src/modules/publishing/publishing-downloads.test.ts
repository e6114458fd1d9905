import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPublishedDocuments } from '../../documents/publish-render.js';
import { type PublishingFixture, setUpPublishing } from '../../test-support/fixtures/publishing.js';
import { infoZipEntries, javaStreamEntries } from '../../test-support/documents/zip-readers.js';
import { storedBytes } from '../../test-support/stored-bytes.js';
import { storeMissingDocuments } from './publishing.stored-documents.js';

let f: PublishingFixture;
let scratch: string;
let files: {
  id: number;
  publish_file_id: number;
  file_type: string;
  file_uri: string | null;
  entry_date: string;
  version: number;
  creation_time: Date;
}[];

beforeAll(async () => {
  f = await setUpPublishing(2000);
  scratch = mkdtempSync(join(tmpdir(), 'openrescue-zip-'));
  const db = f.t.database.db;
  const picked = await db
    .selectFrom('publish_file')
    .select('id')
    .where('file_type', '=', 'STORE_REPORT')
    .orderBy('id')
    .limit(2)
    .execute();
  const charity = await db
    .selectFrom('publish_file')
    .select('id')
    .where('file_type', '=', 'CHARITY_REPORT')
    .orderBy('id')
    .limit(1)
    .execute();
  const ids = [...picked, ...charity].map((r) => Number(r.id));
  expect((await f.publish(ids, 'publish_all', 3)).status).toBe(202);
  await f.settled();
  const rows = await db
    .selectFrom('generated_file')
    .select(['id', 'publish_file_id', 'file_type', 'file_uri', 'entry_date', 'version', 'creation_time'])
    .where('job_id', '=', 'publish_all_2')
    .orderBy('id')
    .execute();
  files = rows.map((r) => ({
    ...r,
    id: Number(r.id),
    entry_date: String(r.entry_date).slice(0, 10),
    creation_time: new Date(r.creation_time),
  }));
});
afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true });
  await f?.t.close();
});

const stored = async (uri: string) => (await storedBytes(f.t.ctx.files, uri))!;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** A zip entry's time: the wall clock by the database's rules for the report zone (decision 0085), to 2 seconds. */
const vancouverClock = async (at: Date) => {
  const floored = new Date(Math.floor(at.getTime() / 2000) * 2000).toISOString();
  const { rows } = await sql<{ t: string }>`
    select to_char(${floored}::timestamptz at time zone 'America/Vancouver', 'YYYY-MM-DD HH24:MI:SS') as t`.execute(
    f.t.database.db,
  );
  return rows[0].t;
};

describe('generated file download', () => {
  it('streams the stored bytes with Content-Length and a name from receiver, company, store, entry date and extension', async () => {
    const db = f.t.database.db;
    for (const file of files) {
      const res = await f.get('staff', `/ops-api/files/generated/${file.id}`);
      expect(res.statusCode).toBe(200);
      const bytes = await stored(file.file_uri!);
      expect(res.rawPayload.equals(bytes)).toBe(true);
      expect(res.headers['content-length']).toBe(String(bytes.length));
      expect(res.headers['content-type']).toBe(
        file.file_type === 'pdf'
          ? 'application/pdf'
          : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      const names = await db
        .selectFrom('generated_file as g')
        .leftJoin('company as c', 'c.id', 'g.company_id')
        .leftJoin('store as s', 's.id', 'g.store_id')
        .leftJoin('receiver as r', 'r.id', 'g.receiver_id')
        .select(['c.name as company', 's.name as store', 'r.name as receiver'])
        .where('g.id', '=', file.id)
        .executeTakeFirstOrThrow();
      const stem = [names.receiver, names.company, names.store]
        .filter(Boolean)
        .join(' ')
        .replace(/&/g, ' and ')
        .replace(/[^A-Za-z0-9-]+/g, '_');
      const version = file.version > 1 ? `_v${file.version}` : '';
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="${stem}_${file.entry_date}${version}.${file.file_type}"`,
      );
    }
  });

  it('answers 404 for a missing id and for a file whose document is not stored', async () => {
    const missing = await f.get('staff', '/ops-api/files/generated/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ type: 'not_found', message: 'Generated file 999999 was not found.', detail: '' });
    const failed = await f.t.database.db
      .selectFrom('generated_file')
      .select('id')
      .where('file_uri', 'is', null)
      .executeTakeFirstOrThrow();
    const res = await f.get('staff', `/ops-api/files/generated/${failed.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/has no stored document/);
    expect((await f.get('staff', '/ops-api/files/generated/abc')).statusCode).toBe(400);
  });
});

describe('Download all', () => {
  it('streams one zip of the files a Selector finds, with Content-Length, that streaming readers take', async () => {
    const selector = `OrderBy(Filter(GeneratedFile, AND([publish_file_id] = ${files[0].publish_file_id}, STARTSWITH([file_status], "QUEUE:"))), [creation_time], TRUE)`;
    const res = await f.get('staff', `/ops-api/files/generated.zip?selector=${encodeURIComponent(selector)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="generated_files_\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['x-file-count']).toBe('2');
    const zipPath = join(scratch, 'one.zip');
    writeFileSync(zipPath, res.rawPayload);
    const listing = execFileSync('unzip', ['-l', zipPath], { encoding: 'utf8' });
    const names = [...listing.matchAll(/\s(\S+\.(?:xlsx|pdf))\n/g)].map((m) => m[1]).sort();
    expect(names).toHaveLength(2);
    expect(names[0]).toMatch(/_\d{4}-\d{2}-01(_v\d+)?\.pdf$/);
    expect(names[1]).toMatch(/_\d{4}-\d{2}-01(_v\d+)?\.xlsx$/);
    // Two independent readers: Java's streaming ZipInputStream (local headers only) and Info-ZIP's central directory.
    const streamed = javaStreamEntries(res.rawPayload);
    const listed = infoZipEntries(zipPath);
    for (const file of files.filter((x) => x.publish_file_id === files[0].publish_file_id)) {
      const name = names.find((n) => n.endsWith(`.${file.file_type}`))!;
      const bytes = await stored(file.file_uri!);
      expect(execFileSync('unzip', ['-p', zipPath, name]).equals(bytes)).toBe(true);
      const time = await vancouverClock(file.creation_time);
      expect(streamed.find((e) => e.name === name)).toEqual({
        name,
        method: 0,
        size: bytes.length,
        time,
        sha256: sha256(bytes),
      });
      // Stored, no data descriptor and no extra field ('-'), the same local time.
      expect(listed.find((e) => e.name === name)).toEqual({ name, method: 0, size: bytes.length, extras: '-', time });
    }
  });

  it('leaves out rows without a stored document and takes every stored file without a Selector', async () => {
    const res = await f.get('staff', '/ops-api/files/generated.zip');
    expect(res.statusCode).toBe(200);
    // Most of the demo's older rows point at documents this app never stored: the zip has the stored ones only.
    const rows = await f.t.database.db
      .selectFrom('generated_file')
      .select('file_uri')
      .where('file_uri', 'is not', null)
      .execute();
    const stored = (await Promise.all(rows.map((r) => f.t.ctx.files.exists(r.file_uri!)))).filter(Boolean).length;
    expect(stored).toBeGreaterThanOrEqual(files.length);
    expect(stored).toBeLessThan(rows.length);
    expect(res.headers['x-file-count']).toBe(String(stored));
    const zipPath = join(scratch, 'all.zip');
    writeFileSync(zipPath, res.rawPayload);
    execFileSync('unzip', ['-t', zipPath]);
    const bad = await f.get(
      'staff',
      `/ops-api/files/generated.zip?selector=${encodeURIComponent('Filter(PublishFile, TRUE)')}`,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/^The Selector reads PublishFile but this call is for GeneratedFile/);
  });
});

describe('the demo history', () => {
  it('gets its documents stored once: the rows that say SUCCESS become downloadable, failed ones stay without a file', async () => {
    const db = f.t.database.db;
    const render = (report: Parameters<typeof renderPublishedDocuments>[0], date: Date) =>
      renderPublishedDocuments(report, { productName: 'OpenRescue', date });
    const waiting = await db
      .selectFrom('generated_file')
      .select(['id', 'file_uri'])
      .where('byte_size', 'is', null)
      .where('file_uri', 'is not', null)
      .execute();
    expect(waiting.length).toBeGreaterThan(10);
    expect(await storeMissingDocuments(db, f.t.ctx.files, render)).toBe(waiting.length);
    expect(await storeMissingDocuments(db, f.t.ctx.files, render)).toBe(0);
    for (const row of waiting) {
      const res = await f.get('staff', `/ops-api/files/generated/${row.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(await stored(row.file_uri!))).toBe(true);
    }
    const failed = await db
      .selectFrom('generated_file')
      .select('id')
      .where('file_status', '=', 'QUEUE:RENDER:ERROR')
      .where('job_id', '=', 'publish_all')
      .execute();
    expect(failed.length).toBeGreaterThan(0);
    for (const row of failed) expect((await f.get('staff', `/ops-api/files/generated/${row.id}`)).statusCode).toBe(404);
  });
});
