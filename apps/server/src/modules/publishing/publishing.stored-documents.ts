import { lastDayOfMonth } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { RenderedDocuments } from '../../documents/publish-render.js';
import { documentDate, type ReportDocument } from '../../documents/report-document.js';
import type { DB } from '../../db/schema.js';
import type { FileStore } from '../../storage/file-store.js';
import { loadPublishedReport } from './publishing.jobs.js';
import { createPublishingRepository } from './publishing.repository.js';

/**
 * Generated files that say SUCCESS and name a file_uri but were never stored: the demo data's history (the demo
 * generator writes rows, not documents). They are rendered once, from the same data and with the same renderer as
 * publishing, stored under their file_uri, and their byte_size is filled in. Published files always have a
 * byte_size, so this touches nothing else. Runs in the background after start.
 */
export async function storeMissingDocuments(
  db: Kysely<DB>,
  files: FileStore,
  render: (report: ReportDocument, date: Date) => Promise<RenderedDocuments>,
  stopping: () => boolean = () => false,
): Promise<number> {
  const repo = createPublishingRepository(db);
  const rows = await repo.documentsNeverStored();
  if (!rows.length) return 0;
  const targets = await repo.targets([...new Set(rows.map((r) => Number(r.publish_file_id)))]);
  let stored = 0;
  for (const [id, target] of targets) {
    if (stopping()) break; // the rest on the next start
    const mine = rows.filter((r) => Number(r.publish_file_id) === id);
    const rendered = await render(
      await loadPublishedReport(db, target),
      documentDate(lastDayOfMonth(target.entry_date)),
    );
    for (const row of mine) {
      const doc = rendered[row.file_type];
      if (!doc.ok) continue;
      const size = await files.write(row.file_uri!, doc.data);
      await repo.setByteSize(row.id, size);
      stored++;
    }
  }
  return stored;
}
