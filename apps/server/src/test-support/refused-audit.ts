import { type Kysely, sql } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Runs `body` while the database refuses every audit entry of `actions` (a trigger raises): a change audited in its
 * own transaction must then not happen either.
 */
export async function whileAuditRefuses(db: Kysely<DB>, actions: string[], body: () => Promise<void>): Promise<void> {
  const list = sql.join(actions.map((a) => sql.lit(a)));
  await sql`create function refuse_audit() returns trigger language plpgsql as $$
    begin
      if new.action in (${list}) then raise exception 'audit refused by the test'; end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger refuse_audit before insert on audit_event for each row execute function refuse_audit()`.execute(
    db,
  );
  try {
    await body();
  } finally {
    await sql`drop trigger refuse_audit on audit_event`.execute(db);
    await sql`drop function refuse_audit()`.execute(db);
  }
}
