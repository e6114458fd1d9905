import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.js';
import { openDatabase } from './connection.js';

describe('the embedded database settings', () => {
  it('PGlite runs with a 32MB page cache unless PGLITE_SHARED_BUFFERS says otherwise', async () => {
    const database = await openDatabase({ dataDir: null, pgliteTemplate: process.env.TEST_PGLITE_TEMPLATE });
    try {
      const { rows } = await sql<{ size: string }>`select current_setting('shared_buffers') as size`.execute(
        database.db,
      );
      expect(rows[0].size).toBe(process.env.PGLITE_SHARED_BUFFERS || '32MB');
    } finally {
      await database.close();
    }
  });

  it('refuses a PGLITE_SHARED_BUFFERS that is not a size, naming it', () => {
    expect(() => loadEnv({ PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(/PGLITE_SHARED_BUFFERS: a size such as 32MB/);
    expect(loadEnv({ PGLITE_SHARED_BUFFERS: '64MB' }).PGLITE_SHARED_BUFFERS).toBe('64MB');
  });
});
