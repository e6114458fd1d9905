import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export interface PosterLinkRow {
  code: string;
  store_id: number;
  created_at: Date;
  revoked_at: Date | null;
}

const asRow = (r: { code: string; store_id: number; created_at: Date | string; revoked_at: Date | string | null }) => ({
  code: r.code,
  store_id: Number(r.store_id),
  created_at: new Date(r.created_at),
  revoked_at: r.revoked_at === null ? null : new Date(r.revoked_at),
});

/** poster_link (migration 019): a store's live short code, made on first use; revoked ones stay to answer "revoked". */
export function createPosterLinksRepository(db: Kysely<DB>) {
  const live = (storeId: number) =>
    db
      .selectFrom('poster_link')
      .selectAll()
      .where('store_id', '=', storeId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();

  return {
    async byCode(code: string): Promise<PosterLinkRow | null> {
      const row = await db.selectFrom('poster_link').selectAll().where('code', '=', code).executeTakeFirst();
      return row ? asRow(row) : null;
    },

    /** The store's live code; `code` becomes it when there is none (two racing callers get the same one). */
    async liveOrInsert(storeId: number, code: string): Promise<PosterLinkRow> {
      const found = await live(storeId);
      if (found) return asRow(found);
      await db
        .insertInto('poster_link')
        .values({ code, store_id: storeId })
        .onConflict((oc) => oc.column('store_id').where('revoked_at', 'is', null).doNothing())
        .execute();
      return asRow((await live(storeId))!);
    },

    /** Revokes the live code and puts `code` in its place, in one transaction (which `within` joins). */
    async replace(
      storeId: number,
      code: string,
      within: (trx: Kysely<DB>, row: PosterLinkRow) => Promise<void>,
    ): Promise<PosterLinkRow> {
      return db.transaction().execute(async (trx) => {
        // Two revokes at once take turns on the store's row, so the second never meets the first's new code.
        await trx.selectFrom('store').select('id').where('id', '=', storeId).forUpdate().execute();
        await trx
          .updateTable('poster_link')
          .set({ revoked_at: new Date() })
          .where('store_id', '=', storeId)
          .where('revoked_at', 'is', null)
          .execute();
        const row = await trx
          .insertInto('poster_link')
          .values({ code, store_id: storeId })
          .returningAll()
          .executeTakeFirstOrThrow();
        await within(trx, asRow(row));
        return asRow(row);
      });
    },

    async storeExists(storeId: number): Promise<boolean> {
      return Boolean(await db.selectFrom('store').select('id').where('id', '=', storeId).executeTakeFirst());
    },
  };
}
