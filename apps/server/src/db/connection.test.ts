import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';

const A_DATE = sql<{ d: string }>`select date '2026-03-04' as d`;

describe('dates read from the database', () => {
  it('come back as YYYY-MM-DD text (PGlite; on PostgreSQL even where the database says DateStyle SQL, DMY)', async () => {
    if (process.env.TEST_DATABASE_URL) return expectIsoOnPostgres(process.env.TEST_DATABASE_URL);
    const database = await openDatabase({ dataDir: null, pgliteTemplate: process.env.TEST_PGLITE_TEMPLATE });
    try {
      expect((await A_DATE.execute(database.db)).rows[0].d).toBe('2026-03-04');
    } finally {
      await database.close();
    }
  });
});

async function expectIsoOnPostgres(adminUrl: string) {
  const name = `or_datestyle_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    await admin.query(`alter database ${name} set datestyle = 'SQL, DMY'`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const plain = new pg.Client({ connectionString: url.toString() });
    await plain.connect();
    const { rows } = await plain.query<{ d: string }>(`select date '2026-03-04' as d`);
    await plain.end();
    expect(rows[0].d).toBe('04/03/2026'); // what a connection without our setting would read
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    try {
      expect((await A_DATE.execute(database.db)).rows[0].d).toBe('2026-03-04');
    } finally {
      await database.close();
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
