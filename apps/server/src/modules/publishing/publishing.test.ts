import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfTextLines } from '../../test-support/documents/pdf-text.js';
import {
  overridePublishRender,
  type PublishingFixture,
  setUpPublishing,
} from '../../test-support/fixtures/publishing.js';
import { storedBytes } from '../../test-support/stored-bytes.js';

let f: PublishingFixture;
beforeAll(async () => {
  f = await setUpPublishing(2000, { MAX_PUBLISH_FILES: '40', MAX_PUBLISH_CHUNK: '10' });
});
afterAll(async () => f?.t.close());

const db = () => f.t.database.db;
/** Publish files of each type in the newest month, the first `n` of each. */
async function someFiles(n: number) {
  const rows = await db()
    .selectFrom('publish_file')
    .select(['id', 'file_type', 'entry_date'])
    .where('entry_date', '=', sql<Date>`(select max(entry_date) from publish_file)`)
    .orderBy('id')
    .execute();
  return ['COMPANY_REPORT', 'STORE_REPORT', 'CHARITY_REPORT'].flatMap((type) =>
    rows
      .filter((r) => r.file_type === type)
      .slice(0, n)
      .map((r) => Number(r.id)),
  );
}

describe('Find', () => {
  it('finds GeneratedFile rows with the DESIGN.md Selector, newest first', async () => {
    const { rows } = await sql<{
      company_id: number;
      entry_date: string;
    }>`select company_id, to_char(entry_date, 'YYYY-MM-DD') as entry_date
      from generated_file where company_id is not null order by id limit 1`.execute(db());
    const { company_id, entry_date } = rows[0];
    const res = await f.find(
      'GeneratedFile',
      `OrderBy(Filter(GeneratedFile, AND([entry_date] >= "${entry_date}", [company_id] = ${company_id})), [creation_time], TRUE)`,
    );
    expect(res.status).toBe(200);
    const expected = await db()
      .selectFrom('generated_file')
      .select(['id', 'creation_time'])
      .where('entry_date', '>=', entry_date as never)
      .where('company_id', '=', company_id)
      .execute();
    expect(res.body.count).toBe(expected.length);
    expect(res.body.data.length).toBe(expected.length);
    expect(res.body).toMatchObject({ page: 1, page_size: 5000, next: null });
    const times = res.body.data.map((r: { creation_time: string }) => r.creation_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      'byte_size',
      'company_id',
      'corrected_after_publish_at',
      'creation_time',
      'entry_date',
      'error',
      'file_status',
      'file_type',
      'file_uri',
      'id',
      'publish_file_id',
      'receiver_id',
      'store_id',
      'version',
    ]);
  });

  it('finds PublishFile rows by date, company and receiver, and Company rows', async () => {
    const month = (
      await db()
        .selectFrom('publish_file')
        .select(sql<string>`to_char(max(entry_date), 'YYYY-MM-DD')`.as('m'))
        .executeTakeFirstOrThrow()
    ).m;
    const files = await f.find(
      'PublishFile',
      `Filter(PublishFile, AND([entry_date] = "${month}", OR([company_id] = 1, ISNOTBLANK([receiver_id]))))`,
    );
    expect(files.status).toBe(200);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from publish_file
      where entry_date = ${month}::date and (company_id = 1 or receiver_id is not null)`.execute(db());
    expect(files.body.count).toBe(rows[0].n);
    expect(files.body.data[0]).toEqual({
      id: expect.any(Number),
      file_status: expect.stringMatching(/^(READY|PUBLISHED|PUBLISHING|FAILED)$/),
      entry_date: month,
      company_id: expect.toBeOneOf([1, null]),
      receiver_id: expect.toBeOneOf([expect.any(Number), null]),
      store_id: expect.toBeOneOf([expect.any(Number), null]),
      file_change_time: expect.toBeOneOf([expect.any(String), null]),
      file_type: expect.stringMatching(/_REPORT$/),
      publish_count: expect.any(Number),
      // Decision 0061: null unless the month was corrected after its last publish.
      corrected_after_publish_at: null,
    });
    const companies = await f.find('Company', 'OrderBy(Company, [name])');
    expect(companies.body.count).toBe(6);
    expect(companies.body.data.map((c: { name: string }) => c.name)).toEqual(
      companies.body.data.map((c: { name: string }) => c.name).sort(),
    );
    const some = await f.find('Company', undefined, { Rows: [{ id: 2 }, { id: 3 }, { id: 2 ** 40 }] });
    expect(some.body.data.map((c: { id: number }) => c.id)).toEqual([2, 3]);
    expect((await f.find('Company', undefined, { Rows: [{ id: 2 ** 40 }] })).body).toMatchObject({
      count: 0,
      data: [],
    });
    const top = await f.find('PublishFile', 'Top(OrderBy(PublishFile, [id], TRUE), 3)');
    expect(top.body.count).toBe(3);
    expect(top.body.data.map((r: { id: number }) => r.id)).toEqual(
      [...top.body.data.map((r: { id: number }) => r.id)].sort((a, b) => b - a),
    );
  });

  it('answers a Selector it does not understand with a 400 that names the problem', async () => {
    const res = await f.find('GeneratedFile', 'Filter(GeneratedFile, [colour] = "red")');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      type: 'validation_error',
      message: 'The Selector is not understood.',
      detail: expect.stringMatching(
        /^Unknown column \[colour\] in GeneratedFile; known columns: .* \(at character 23, near "\[colour\] = "red"\)"\)$/,
      ),
    });
    const table = await f.post('staff', '/ops-api/appsheet/table/Donation/action', { Action: 'Find', Properties: {} });
    expect(table.statusCode).toBe(400);
    expect(table.json().detail).toContain('params.table');
    const action = await f.post('staff', '/ops-api/appsheet/table/Company/action', {
      Action: 'Delete',
      Properties: {},
    });
    expect(action.statusCode).toBe(400);
    expect(action.json().detail).toContain('body.Action');
  });

  it('never answers random Selectors with a 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GeneratedFile', 'PublishFile', 'Company'),
        fc.oneof(
          fc.string({ maxLength: 120 }),
          fc.constantFrom(
            'Filter(GeneratedFile, [creation_time] > "2025-01-01T25:00")',
            'Filter(PublishFile, [id] = 2147483648)',
            'Filter(GeneratedFile, [entry_date] = DATE("0001-01-01"))',
            'Filter(GeneratedFile, [entry_date] = DATE("9999-12-31"))',
            'Filter(GeneratedFile, [creation_time] > "2025-01-01T10:00:00+15:59")',
            'Top(GeneratedFile, 1000000)',
            `Filter(Company, [name] = "\u0000")`,
            'Filter(Company, STARTSWITH([name], "\\\\"))',
          ),
        ),
        async (table, selector) => {
          const res = await f.find(table, selector);
          expect([200, 400]).toContain(res.status);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is for staff only', async () => {
    const body = { Action: 'Find', Properties: {} };
    expect((await f.post(null, '/ops-api/appsheet/table/Company/action', body)).statusCode).toBe(401);
    expect((await f.post('company', '/ops-api/appsheet/table/Company/action', body)).statusCode).toBe(403);
    const batch = { Action: 'AdvanceSingleFileChangeTime', Properties: { TaskName: 'publish_all' }, Rows: [] };
    expect((await f.post(null, '/ops-api/appsheet/table/PublishFile/batchAction', batch)).statusCode).toBe(401);
    expect((await f.post('store', '/ops-api/appsheet/table/PublishFile/batchAction', batch)).statusCode).toBe(403);
    expect((await f.get('company', '/ops-api/files/generated/1')).statusCode).toBe(403);
    expect((await f.get(null, '/ops-api/files/generated.zip')).statusCode).toBe(401);
  });
});

describe('batchAction AdvanceSingleFileChangeTime', () => {
  it("answers 'nothing to process' when there are no rows, and starts no job", async () => {
    const before = await db()
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    const res = await f.publish([], 'publish_all');
    expect(res).toEqual({ status: 200, body: { data: { Rows: [] }, message: 'nothing to process', job: null } });
    const after = await db()
      .selectFrom('jobs')
      .select(sql<number>`count(*)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses unknown ids, too many files and too many at once, changing nothing', async () => {
    const unknown = await f.publish([1, 999_999], 'publish_all');
    expect(unknown.status).toBe(400);
    expect(unknown.body.detail).toBe('Unknown PublishFile ids: 999999.');
    const many = await f.publish(
      Array.from({ length: 41 }, (_, i) => i + 1),
      'publish_all',
    );
    expect(many).toMatchObject({ status: 400, body: { message: 'At most 40 files can be published at once.' } });
    const wide = await f.publish([1], 'publish_id_1', 11);
    expect(wide).toMatchObject({ status: 400, body: { message: 'ParallelRequests can be at most 10.' } });
    const badName = await f.publish([1], 'publish_everything');
    expect(badName.status).toBe(400);
    expect(badName.body.detail).toContain('body.Properties.TaskName');
    expect(await db().selectFrom('jobs').select('id').where('name', '=', 'publish_id_1').execute()).toEqual([]);
  });

  it('creates a durable job that renders each file into an xlsx and a pdf, and finishes it', async () => {
    const ids = await someFiles(2);
    const started = Date.now();
    const res = await f.publish(ids, 'publish_all', 2);
    expect(res.status).toBe(202);
    expect(res.body.data.Rows).toEqual(ids.map((id) => ({ id })));
    expect(res.body.message).toBe('queued');
    expect(res.body.job).toMatchObject({
      id: 'publish_all_2',
      name: 'publish_all',
      kind: 'publish',
      total: 6,
      parallel: 2,
    });
    expect(Date.now() - started).toBeLessThan(2000);
    await f.settled();

    const job = await db().selectFrom('jobs').selectAll().where('id', '=', 'publish_all_2').executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'succeeded', total: 6, processed: 6, error: null });
    const docs = await db()
      .selectFrom('generated_file')
      .selectAll()
      .where('job_id', '=', 'publish_all_2')
      .orderBy('id')
      .execute();
    expect(docs).toHaveLength(12);
    for (const id of ids) {
      const mine = docs.filter((d) => d.publish_file_id === id);
      expect(mine.map((d) => d.file_type).sort()).toEqual(['pdf', 'xlsx']);
      for (const d of mine) {
        expect(d.file_status).toBe('QUEUE:RENDER:SUCCESS');
        expect(d.file_uri).toMatch(new RegExp(`^generated/\\d{4}-\\d{2}-01/${id}-publish_all_2\\.${d.file_type}$`));
        const bytes = (await storedBytes(f.t.ctx.files, d.file_uri!))!;
        expect(bytes.length).toBe(Number(d.byte_size));
      }
    }
    const published = await db()
      .selectFrom('publish_file')
      .select(['file_status', 'file_change_time', 'publish_count'])
      .where('id', 'in', ids)
      .execute();
    for (const p of published) {
      expect(p.file_status).toBe('PUBLISHED');
      expect(new Date(p.file_change_time!).getTime()).toBeGreaterThanOrEqual(started - 1000);
    }
    const [live] = await f.t.ctx.repos.jobs.byIds(['publish_all_2']);
    expect(live.done_ids!.sort()).toEqual([...ids].sort());
    expect(live.failed_ids).toEqual([]);

    // The documents open: a spreadsheet with Month, YTD and Raw Data, and a PDF a charity reads.
    const charity = docs.find((d) => d.receiver_id !== null && d.file_type === 'xlsx')!;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await storedBytes(f.t.ctx.files, charity.file_uri!))! as never);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Month', 'YTD', 'Raw Data']);
    const receiver = await db()
      .selectFrom('receiver')
      .select('name')
      .where('id', '=', charity.receiver_id!)
      .executeTakeFirstOrThrow();
    expect(wb.getWorksheet('Month')!.getCell('A1').value).toBe(`${receiver.name}: Month`);
    const pdf = docs.find((d) => d.receiver_id === charity.receiver_id && d.file_type === 'pdf')!;
    const text = pdfTextLines((await storedBytes(f.t.ctx.files, pdf.file_uri!))!).join('\n');
    expect(text).toContain(receiver.name);
    expect(text).toContain('Monthly impact report');
    expect(text).toMatch(/received [\d,]+ kg|No donations were recorded/);
  });

  it("refuses a second start with 'Job already in queue: {job}' while the first is queued or running", async () => {
    const [id] = await someFiles(1);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    overridePublishRender(f.t.ctx, async (report, date, real) => {
      await gate;
      return real(report, date);
    });
    try {
      const first = await f.publish([id], `publish_id_${id}`);
      expect(first.status).toBe(202);
      const second = await f.publish([id], `publish_id_${id}`);
      expect(second.status).toBe(409);
      expect(second.body).toEqual({
        type: 'conflict',
        message: `Job already in queue: publish_id_${id}`,
        detail: expect.stringMatching(
          new RegExp(`^publish_id_${id}_1 is (initialized|started) \\(0 of 1 files\\)\\.$`),
        ),
      });
      // Another name is not in the way.
      expect((await f.publish([id], 'publish_company_999')).status).toBe(202);
    } finally {
      release();
      overridePublishRender(f.t.ctx, (report, date, real) => real(report, date));
    }
    await f.settled();
    // Once it is done, the same name starts again; the file gets a new version of its documents.
    const again = await f.publish([id], `publish_id_${id}`);
    expect(again).toMatchObject({ status: 202, body: { job: { id: `publish_id_${id}_2` } } });
    await f.settled();
    const versions = await db()
      .selectFrom('generated_file')
      .select(['version', 'job_id'])
      .where('publish_file_id', '=', id)
      .where('file_type', '=', 'pdf')
      .where('job_id', 'is not', null)
      .orderBy('version')
      .execute();
    const last = versions.slice(-3);
    expect(last.map((v) => v.version)).toEqual([last[0].version, last[0].version + 1, last[0].version + 2]);
    expect(
      last
        .slice(0, 2)
        .map((v) => v.job_id)
        .sort(),
    ).toEqual(['publish_company_999_1', `publish_id_${id}_1`]);
    expect(last[2].job_id).toBe(`publish_id_${id}_2`);
  });

  it('marks a failed render ERROR, logs it and carries on with the other files', async () => {
    const ids = await someFiles(1);
    const broken = ids[1];
    const brokenStore = await storeOf(broken);
    overridePublishRender(f.t.ctx, async (report, date, real) => {
      const out = await real(report, date);
      const isBroken = report.heading.kind === 'store' && report.heading.id === brokenStore;
      return isBroken ? { ...out, pdf: { ok: false, error: 'the printer caught fire' } } : out;
    });
    try {
      const res = await f.publish(ids, 'publish_receiver_77', 3);
      expect(res.status).toBe(202);
      await f.settled();
    } finally {
      overridePublishRender(f.t.ctx, (report, date, real) => real(report, date));
    }
    const jobId = 'publish_receiver_77_1';
    const job = await db().selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'succeeded', processed: 3, error: '1 of 3 files failed to render; see Logs' });
    const docs = await db()
      .selectFrom('generated_file')
      .select(['publish_file_id', 'file_type', 'file_status', 'file_uri', 'error'])
      .where('job_id', '=', jobId)
      .execute();
    expect(docs).toHaveLength(6);
    expect(docs.filter((d) => d.file_status === 'QUEUE:RENDER:ERROR')).toEqual([
      {
        publish_file_id: broken,
        file_type: 'pdf',
        file_status: 'QUEUE:RENDER:ERROR',
        file_uri: null,
        error: 'the printer caught fire',
      },
    ]);
    const log = await db()
      .selectFrom('custom_debug_log')
      .select(['target', 'error', 'job_id'])
      .where('job_id', '=', jobId)
      .execute();
    expect(log).toEqual([
      { target: 'publish_receiver_77', job_id: jobId, error: `Publish file ${broken} (pdf): the printer caught fire` },
    ]);
    const file = await db()
      .selectFrom('publish_file')
      .select('file_status')
      .where('id', '=', broken)
      .executeTakeFirstOrThrow();
    expect(file.file_status).toBe('FAILED');
    const [live] = await f.t.ctx.repos.jobs.byIds([jobId]);
    expect(live.failed_ids).toEqual([broken]);
  });
});

async function storeOf(publishFileId: number): Promise<number | null> {
  const row = await db()
    .selectFrom('publish_file')
    .select('store_id')
    .where('id', '=', publishFileId)
    .executeTakeFirstOrThrow();
  return row.store_id;
}
