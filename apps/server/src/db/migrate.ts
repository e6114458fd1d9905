import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './connection.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
// Any constant works: it only has to be the same in every process of one deployment.
const MIGRATION_LOCK_KEY = 72_617_301;

export function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort();
}

/** Applies the numbered SQL files not yet applied, each in its own transaction. Forward only. */
export async function migrate(database: Database): Promise<string[]> {
  return database.withSession(async (exec) => {
    const advisory = database.kind === 'postgres';
    if (advisory) await exec(`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await exec(
        'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
      );
      const { rows } = await database.db
        .selectFrom('schema_migrations')
        .select('version')
        .execute()
        .then((r) => ({ rows: r }));
      const done = new Set(rows.map((r) => r.version));
      const applied: string[] = [];
      for (const file of migrationFiles()) {
        if (done.has(file)) continue;
        const body = readFileSync(MIGRATIONS_DIR + file, 'utf8');
        await exec(`begin;\n${body}\n;insert into schema_migrations (version) values ('${file}');\ncommit;`);
        applied.push(file);
      }
      return applied;
    } catch (error) {
      await exec('rollback').catch(() => {});
      throw error;
    } finally {
      if (advisory) await exec(`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  });
}
