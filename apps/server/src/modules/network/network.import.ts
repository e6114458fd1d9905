import { areasOfPoint, verifiedStatus } from '@openrescue/shared';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ACCEPTED_TYPES_NOTE, readNetworkCsv, type CsvOrganization, type CsvRow } from './network.csv.js';
import { loadRegions } from './network.repository.js';

/**
 * `npm run import:network -- file.csv`: CRM accounts into network_organization. Accepted rows are written in one
 * transaction: a row with an Id updates the organization with that Id (or adds it); a row without one updates the
 * organization of the same name, address and city (or adds it). verified (section 4) and the areas (regions whose
 * outline contains the location) are computed for every row written.
 */

export interface ImportReport {
  file: string;
  rows: number;
  created: number;
  updated: number;
  rejected: Pick<CsvRow, 'row' | 'line' | 'name' | 'reasons'>[];
}

const key = (o: Pick<CsvOrganization, 'name' | 'address' | 'city'>) =>
  [o.name, o.address ?? '', o.city ?? ''].map((v) => v.trim().toLowerCase()).join('\u0001');

export async function importNetworkCsv(
  db: Kysely<DB>,
  text: string,
  options: { file: string; productName: string },
): Promise<ImportReport> {
  const rows = readNetworkCsv(text, options.productName);
  const accepted = rows.filter((r) => r.organization !== null).map((r) => r.organization!);
  let created = 0;
  let updated = 0;
  await db.transaction().execute(async (trx) => {
    const regions = (await loadRegions(trx)).map((r) => ({ code: r.code, outline: r.polygon }));
    const existing = await trx.selectFrom('network_organization').select(['id', 'sf_id', 'name', 'address', 'city']).execute();
    const bySfId = new Map(existing.filter((e) => e.sf_id).map((e) => [e.sf_id!, e.id]));
    const byKey = new Map(existing.filter((e) => !e.sf_id).map((e) => [key(e), e.id]));
    const inserts: Record<string, unknown>[] = [];
    for (const o of accepted) {
      const values = {
        ...o,
        sf_attributes: JSON.stringify(o.sf_attributes),
        verified: verifiedStatus(o.sf_account_stage, o.sf_attributes, options.productName),
        areas: areasOfPoint(o.lon, o.lat, regions),
      };
      const id = o.sf_id ? bySfId.get(o.sf_id) : byKey.get(key(o));
      if (id === undefined) {
        inserts.push(values);
        if (!o.sf_id) byKey.set(key(o), -1); // a repeat of this row in the same file updates nothing twice
        continue;
      }
      if (id < 0) continue;
      await trx.updateTable('network_organization').set({ ...values, updated_at: sql`now()` } as never).where('id', '=', id).execute();
      updated += 1;
    }
    for (let i = 0; i < inserts.length; i += 500) {
      await trx.insertInto('network_organization').values(inserts.slice(i, i + 500) as never).execute();
    }
    created = inserts.length;
  });
  return {
    file: options.file,
    rows: rows.length,
    created,
    updated,
    rejected: rows.filter((r) => r.organization === null).map(({ row, line, name, reasons }) => ({ row, line, name, reasons })),
  };
}

/** The report people read after an import. */
export function formatImportReport(report: ImportReport): string {
  const accepted = report.created + report.updated;
  const lines = [
    `${report.file}: ${report.rows} rows read, ${accepted} accepted (${report.created} added, ${report.updated} updated), ` +
      `${report.rejected.length} rejected.`,
  ];
  if (report.rejected.length) {
    lines.push('Rejected:');
    for (const r of report.rejected) {
      lines.push(`  row ${r.row} (line ${r.line})${r.name ? ` "${r.name}"` : ''}: ${r.reasons.join('; ')}`);
    }
    if (report.rejected.some((r) => r.reasons.some((reason) => reason.startsWith('type ')))) lines.push(ACCEPTED_TYPES_NOTE);
  }
  return lines.join('\n');
}
