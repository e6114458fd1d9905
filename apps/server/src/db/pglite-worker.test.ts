import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './connection.js';

/**
 * The PGlite worker sends each statement's protocol messages in one call, with the parameter types it remembers by
 * statement text (pglite-worker.mjs). Values of every kind the app sends must arrive as PGlite's own query() would
 * send them, the first time a statement is seen and after, and errors must keep PostgreSQL's code.
 */
let database: Database;
beforeAll(async () => {
  database = await openDatabase({ dataDir: null, pgliteTemplate: process.env.TEST_PGLITE_TEMPLATE });
});
afterAll(async () => database?.close());

describe('the PGlite worker', () => {
  it('sends parameters of each type as PGlite does, on the first and the later runs of a statement', async () => {
    for (let run = 0; run < 3; run++) {
      const { rows } = await sql<
        Record<string, unknown>
      >`select ${[1, 2, 3]}::int[] as ints, ${JSON.stringify({ a: [1, 'é'] })}::jsonb as doc,
        ${new Uint8Array([0, 255, 16])}::bytea as bytes, ${true}::boolean as yes, ${null}::text as nothing,
        ${'2026-11-26'}::date as day, ${12.5}::numeric as amount, ${"it's"}::text as quote`.execute(database.db);
      expect(rows[0]).toEqual({
        ints: [1, 2, 3],
        doc: { a: [1, 'é'] },
        bytes: new Uint8Array([0, 255, 16]),
        yes: true,
        nothing: null,
        day: '2026-11-26',
        amount: 12.5,
        quote: "it's",
      });
    }
  });

  it('keeps the error code of a failing statement, and the connection usable after it', async () => {
    for (let run = 0; run < 2; run++) {
      await expect(sql`select ${1}::int / 0`.execute(database.db)).rejects.toMatchObject({ code: '22012' });
      await expect(sql`select * from no_such_table where id = ${1}`.execute(database.db)).rejects.toMatchObject({
        code: '42P01',
      });
    }
    const { rows } = await sql<{ n: number }>`select ${41}::int + 1 as n`.execute(database.db);
    expect(rows[0].n).toBe(42);
  });

  it('runs statements inside a transaction in it, and rolls them back with it', async () => {
    await sql`create table worker_probe (id int primary key)`.execute(database.db);
    await expect(
      database.db.transaction().execute(async (tx) => {
        await sql`insert into worker_probe values (${1})`.execute(tx);
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from worker_probe`.execute(tx);
        expect(rows[0].n).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from worker_probe where id = ${1}`.execute(
      database.db,
    );
    expect(rows[0].n).toBe(0);
  });
});
