import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as importCli } from '../../cli/import-network.js';
import { openDatabase } from '../../db/connection.js';
import { insertBulkNetworkOrganizations } from '../../db/demo/network-bulk.js';
import { migrate } from '../../db/migrate.js';
import { buildTestApp, type TestApp } from '../../test-support/test-app.js';
import { readNetworkCsv } from './network.csv.js';
import { formatImportReport, importNetworkCsv } from './network.import.js';

/** The CRM account export fixture (fixtures/SOURCES.md, section 3), a real public sample kept in the repository. */
const FIXTURE = fileURLToPath(new URL('../../../../../fixtures/salesforce-accounts.csv', import.meta.url));
const P = { productName: 'OpenRescue' };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const orgs = () => sql<{ sf_id: string | null; name: string; sf_type: string; verified: number; areas: string[]; lon: number; website: string | null; sf_attributes: Record<string, boolean> }>`
  select sf_id, name, sf_type, verified, areas, lon, website, sf_attributes from network_organization order by id`.execute(t.database.db).then((r) => r.rows);

const OWN = [
  'name,address,city,type,attributes,account stage,website,longitude,latitude,Id',
  '"Eastside Pantry, Society","100 E Hastings St\nUnit 2",Vancouver,Charity,Marketplace;Cold Storage,Active,eastside.example,-123.10,49.281,001A',
  'Valley Compost,1 Yale Rd,Chilliwack,composter,"Non OpenRescue Network",Prospect,https://vc.example,-121.95,49.16,001B',
  'Quiet Farm,2 Farm Rd,Armstrong,Farmer (Livestock),Retail Program,Back-up,,-119.2,50.45,001C',
  'Chicago Grocer,3 State St,Chicago,Retail/Grocer,,Inactive,,-87.6,41.9,001D',
  ',4 Nowhere,Vancouver,Charity,,Active,,-123.1,49.2,001E',
  'Bad Spot,5 Sea,Vancouver,Charity,,Active,,-223.1,abc,001F',
  'Eastside Pantry again,6 Main,Vancouver,Charity,,Active,,-123.1,49.2,001A',
].join('\n');

describe('CSV import of CRM accounts (npm run import:network)', () => {
  it('reads the Salesforce fixture: quoted commas, non-ASCII, headers by API name; rejects each row and says why', () => {
    const rows = readNetworkCsv(readFileSync(FIXTURE, 'utf8'), P.productName);
    expect(rows.map((r) => [r.row, r.line, r.name])).toEqual([
      [1, 2, 'Bluebird Logistics Inc.'], [2, 3, 'Harbor Pine Dental, P.C.'], [3, 4, 'Kestrel Software GmbH'],
    ]);
    expect(rows[0].reasons).toEqual(["type 'Customer - Direct' is not a network category"]);
    expect(rows[1].reasons).toEqual(["type 'Prospect' is not a network category"]);
    expect(rows[2].reasons).toEqual([
      "type 'Technology Partner' is not a network category", 'no coordinates (longitude and latitude are empty)',
    ]);
  });

  it('accepts the fixture rows once their type is a network category (coordinates, website, Id as they are)', async () => {
    const text = readFileSync(FIXTURE, 'utf8').replace('"Customer - Direct"', '"Distributor"').replace('"Prospect"', '"Caterer"');
    const report = await importNetworkCsv(t.database.db, text, { file: 'salesforce-accounts.csv', ...P });
    expect(report).toMatchObject({ rows: 3, created: 2, updated: 0 });
    expect(report.rejected.map((r) => r.row)).toEqual([3]);
    const rows = await orgs();
    expect(rows.map((r) => [r.sf_id, r.name, r.sf_type, r.areas, r.website])).toEqual([
      ['001xx000003DHa1AAG', 'Bluebird Logistics Inc.', 'Distributor', [], 'https://www.bluebird-logistics.example'],
      ['001xx000003DHa2AAG', 'Harbor Pine Dental, P.C.', 'Caterer', [], 'www.harborpinedental.example'],
    ]);
    expect(rows[0].lon).toBeCloseTo(-87.657994, 6);
    expect(rows.every((r) => r.verified === 0)).toBe(true); // no account stage or attributes columns
    await sql`truncate network_organization restart identity cascade`.execute(t.database.db);
  });

  it('imports our own columns: areas from the outlines, verified by section 4, attributes as a map; repeats update', async () => {
    const report = await importNetworkCsv(t.database.db, OWN, { file: 'own.csv', ...P });
    expect(report).toMatchObject({ rows: 7, created: 4, updated: 0 });
    expect(report.rejected).toEqual([
      { row: 5, line: 7, name: '', reasons: ['name is empty'] },
      { row: 6, line: 8, name: 'Bad Spot', reasons: ['longitude -223.1 is outside -180..180', "latitude 'abc' is not a number"] },
      { row: 7, line: 9, name: 'Eastside Pantry again', reasons: ['the same Id as row 1'] },
    ]);
    const rows = await orgs();
    expect(rows.map((r) => [r.name, r.sf_type, r.verified, r.areas])).toEqual([
      ['Eastside Pantry, Society', 'Charity', 1, ['cov', 'mv']],
      ['Valley Compost', 'Composter', 2, ['fvrd']],
      ['Quiet Farm', 'Farmer (Livestock)', 1, ['rdno']],
      ['Chicago Grocer', 'Retail/Grocer', 0, []],
    ]);
    expect(rows[0].sf_attributes).toEqual({ Marketplace: true, 'Cold Storage': true });
    const text = formatImportReport(report);
    expect(text).toContain('own.csv: 7 rows read, 4 accepted (4 added, 0 updated), 3 rejected.');
    expect(text).toContain('row 6 (line 8) "Bad Spot": longitude -223.1 is outside -180..180; latitude \'abc\' is not a number');

    // the same file again: the Ids match, nothing new; a move recomputes the areas
    const moved = OWN.replace('-121.95,49.16', '-119.27,50.27');
    const again = await importNetworkCsv(t.database.db, moved, { file: 'own.csv', ...P });
    expect(again).toMatchObject({ created: 0, updated: 4 });
    expect((await orgs()).find((r) => r.name === 'Valley Compost')!.areas).toEqual(['rdno']);
  });

  it('refuses a file that is not CSV or lacks a needed column, and imports nothing', async () => {
    const before = (await orgs()).length;
    await expect(importNetworkCsv(t.database.db, 'name,type\n"a"b,Charity', { file: 'x', ...P })).rejects.toThrow(/not valid CSV.*line 2/);
    await expect(importNetworkCsv(t.database.db, 'name,type,lat\nA,Charity,1', { file: 'x', ...P })).rejects.toThrow('The header has no longitude column');
    await expect(importNetworkCsv(t.database.db, '', { file: 'x', ...P })).rejects.toThrow('The file is empty');
    expect((await orgs()).length).toBe(before);
  });

  it('runs as a command on a PGlite folder: prints the report, exit 2 when rows were rejected, 1 when nothing was imported', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-network-'));
    writeFileSync(join(dir, 'own.csv'), OWN);
    writeFileSync(join(dir, 'broken.csv'), 'name\nx');
    const lines: string[] = [];
    const env = { INIT_CWD: dir, DATA_DIR: 'data' };
    expect(await importCli(['--', 'own.csv'], env, (l) => lines.push(l))).toBe(2);
    expect(lines.join('\n')).toContain('4 accepted (4 added, 0 updated), 3 rejected');
    expect(await importCli(['broken.csv'], env, (l) => lines.push(l))).toBe(1);
    expect(lines.at(-1)).toMatch(/^broken.csv: nothing imported\. The header has no type, longitude, latitude column/);
    expect(await importCli([], env, (l) => lines.push(l))).toBe(1);
    const database = await openDatabase({ dataDir: join(dir, 'data') });
    try {
      await migrate(database);
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from network_organization`.execute(database.db);
      expect(rows[0].n).toBe(4);
    } finally {
      await database.close();
    }
  });
});

describe('10,000 organizations on the public map', () => {
  it('fit in 1.5 MB compressed', async () => {
    await sql`truncate network_organization restart identity cascade`.execute(t.database.db);
    await sql`update region set secret = 'bench-secret-0123456'`.execute(t.database.db);
    expect(await insertBulkNetworkOrganizations(t.database.db, 10_000)).toBe(10_000);
    const res = await t.app.inject({
      method: 'GET', url: '/core-api/api/public/retail/network/?in_area=all&secret=bench-secret-0123456&limit=10000',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1.5 * 1024 * 1024);
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});
