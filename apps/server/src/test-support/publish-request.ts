import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** A batchAction body that publishes the oldest file ready to publish, alone, as a job of its own. */
export async function publishOneReadyFile(db: Kysely<DB>) {
  const file = await db
    .selectFrom('publish_file')
    .select('id')
    .where('file_status', '=', 'READY')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const fileId = Number(file.id);
  return {
    fileId,
    body: {
      Action: 'AdvanceSingleFileChangeTime',
      Properties: { Locale: 'en-US', Timezone: 'Pacific Standard Time', TaskName: `publish_id_${fileId}` },
      Rows: [{ id: fileId }],
    },
  };
}
