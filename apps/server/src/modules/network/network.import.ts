import { areasOfPoint, type NetworkImportAction, verifiedStatus } from '@openrescue/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { decodeCsv } from './network.csv-encoding.js';
import { type CsvOptions, type CsvOrganization, type CsvReading, type CsvRow, readNetworkCsv } from './network.csv.js';
import { insertOrganizations, loadRegions, organizationsForImport, updateOrganization } from './network.repository.js';

/**
 * CRM accounts into network_organization (decision 0054), for `npm run import:network` and the console's import job.
 * A row with an Id updates the organization with that Id (or adds it); a row without one updates the organization of
 * the same name, address and city (or adds it). verified (section 4) and the areas (regions whose outline contains
 * the location) are computed for every row. A row whose values equal the stored ones is left as it is (unchanged),
 * so importing the same file again changes nothing.
 */

export interface ImportOptions extends CsvOptions {
  file: string;
  productName: string;
  /** Read the file in this encoding instead of detecting it. */
  encoding?: string;
}

export interface ImportReading extends CsvReading {
  file: string;
  encoding: string;
}

export interface PlannedRow {
  row: CsvRow & { organization: CsvOrganization };
  action: NetworkImportAction;
  /** The organization's id when it exists (update, unchanged). */
  id: number | null;
  values: Record<string, unknown>;
}

export type ImportReport = ImportReading & {
  created: number;
  updated: number;
  unchanged: number;
  /** Accepted rows without coordinates: kept, on no map until they have them. */
  noLocation: number;
  rejected: Pick<CsvRow, 'row' | 'line' | 'name' | 'reasons'>[];
};

/** The file's text (bytes are decoded, or refused) read into rows. */
export function readImportFile(input: Uint8Array | string, options: ImportOptions): ImportReading {
  const { text, encoding } =
    typeof input === 'string' ? { text: input, encoding: 'UTF-8' } : decodeCsv(input, options.encoding);
  return { file: options.file, encoding, ...readNetworkCsv(text, options.productName, options) };
}

export const acceptedRows = (reading: CsvReading) =>
  reading.rows.filter((r): r is CsvRow & { organization: CsvOrganization } => r.organization !== null);

export const rejectedRows = (reading: CsvReading) =>
  reading.rows
    .filter((r) => r.organization === null)
    .map(({ row, line, name, reasons }) => ({ row, line, name, reasons }));

const key = (o: { name: string; address: string | null; city: string | null }) =>
  [o.name, o.address ?? '', o.city ?? ''].map((v) => v.trim().toLowerCase()).join('\u0001');

type Stored = Awaited<ReturnType<typeof organizationsForImport>>[number];

const sortedJson = (value: unknown) =>
  JSON.stringify(Object.fromEntries(Object.entries((value ?? {}) as object).sort(([a], [b]) => a.localeCompare(b))));

function sameAsStored(values: Record<string, unknown>, stored: Stored): boolean {
  return Object.entries(values).every(([column, value]) => {
    const current = stored[column as keyof Stored];
    if (column === 'sf_attributes') return sortedJson(JSON.parse(value as string)) === sortedJson(current);
    if (column === 'areas') return JSON.stringify(value) === JSON.stringify(current);
    if (column === 'lon' || column === 'lat')
      return (value === null ? null : Number(value)) === (current === null ? null : Number(current));
    return (value ?? null) === (current ?? null);
  });
}

/** What writing these rows would do to each (add, update, unchanged), against the organizations stored now. */
export async function planImport(
  db: Kysely<DB>,
  rows: (CsvRow & { organization: CsvOrganization })[],
  productName: string,
): Promise<PlannedRow[]> {
  const regions = (await loadRegions(db)).map((r) => ({ code: r.code, outline: r.polygon }));
  const existing = await organizationsForImport(db);
  const bySfId = new Map(existing.filter((e) => e.sf_id).map((e) => [e.sf_id!, e]));
  const byKey = new Map(existing.filter((e) => !e.sf_id).map((e) => [key(e), e]));
  const addedKeys = new Set<string>();
  return rows.map((row) => {
    const o = row.organization;
    const values = {
      ...o,
      sf_attributes: JSON.stringify(o.sf_attributes),
      verified: verifiedStatus(o.sf_account_stage, o.sf_attributes, productName),
      areas: o.lon === null || o.lat === null ? [] : areasOfPoint(o.lon, o.lat, regions),
    };
    const stored = o.sf_id ? bySfId.get(o.sf_id) : byKey.get(key(o));
    if (!stored) {
      // a repeat of a new row without an Id in the same file adds nothing twice
      if (!o.sf_id && addedKeys.has(key(o))) return { row, action: 'unchanged', id: null, values };
      if (!o.sf_id) addedKeys.add(key(o));
      return { row, action: 'add', id: null, values };
    }
    return { row, action: sameAsStored(values, stored) ? 'unchanged' : 'update', id: stored.id, values };
  });
}

/** Writes planned rows (in the caller's transaction); the counts of what it did. */
export async function writePlanned(db: Kysely<DB>, planned: PlannedRow[]) {
  const inserts = planned.filter((p) => p.action === 'add').map((p) => p.values);
  for (let i = 0; i < inserts.length; i += 500) await insertOrganizations(db, inserts.slice(i, i + 500));
  const updates = planned.filter((p) => p.action === 'update');
  for (const p of updates) await updateOrganization(db, p.id!, p.values);
  return {
    created: inserts.length,
    updated: updates.length,
    unchanged: planned.length - inserts.length - updates.length,
  };
}

/** The whole import in one transaction (the command line): read, plan, write. */
export async function importNetworkCsv(
  db: Kysely<DB>,
  input: Uint8Array | string,
  options: ImportOptions,
): Promise<ImportReport> {
  return importReading(db, readImportFile(input, options), options.productName);
}

/** Plans and writes a file already read, in one transaction. */
export async function importReading(
  db: Kysely<DB>,
  reading: ImportReading,
  productName: string,
): Promise<ImportReport> {
  const accepted = acceptedRows(reading);
  const counts = await db
    .transaction()
    .execute(async (trx) => writePlanned(trx, await planImport(trx, accepted, productName)));
  return {
    ...reading,
    ...counts,
    noLocation: accepted.filter((r) => r.organization.lon === null).length,
    rejected: rejectedRows(reading),
  };
}
