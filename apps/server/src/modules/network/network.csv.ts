import { canonicalType, hiddenTagAttributes, NETWORK_TYPES } from '@openrescue/shared';
import { parse } from 'csv-parse/sync';
import { CsvFileError, type Field, footerStart, mapColumns, REQUIRED } from './network.csv-headers.js';

export { CsvFileError } from './network.csv-headers.js';

/**
 * Reading a CRM account export (CSV, RFC 4180, already decoded: network.csv-encoding.ts) into network organizations:
 * columns by API name, label or the user's mapping (network.csv-headers.ts), quoted values with commas and newlines,
 * a report's footer skipped, CRM account types through the user's type mapping. Every row is accepted or rejected
 * with its reasons.
 */

const LABEL: Partial<Record<Field, string>> = { sf_type: 'type' };

export interface CsvOrganization {
  sf_id: string | null;
  name: string;
  address: string | null;
  city: string | null;
  province: string | null;
  postal_code: string | null;
  country: string | null;
  phone: string | null;
  sf_type: string;
  sf_industry: string | null;
  sf_attributes: Record<string, boolean>;
  sf_account_stage: string | null;
  website: string | null;
  /** Both null when the row has no coordinates. */
  lon: number | null;
  lat: number | null;
}

export interface CsvRow {
  /** Data row number (the header is row 0) and the file line it starts on. */
  row: number;
  line: number;
  name: string;
  organization: CsvOrganization | null;
  reasons: string[];
}

/** Attribute names as the CRM writes them (`A;B`, `A, B`, or a JSON object of name -> true). Known names get their spelling. */
export function parseAttributes(value: string, productName: string): Record<string, boolean> | string {
  const text = value.trim();
  if (!text) return {};
  const known = new Map(hiddenTagAttributes(productName).map((a) => [a.toLowerCase(), a]));
  let names: string[];
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        return 'attributes is not a JSON object';
      names = Object.entries(parsed)
        .filter(([, v]) => v === true)
        .map(([k]) => k);
    } catch {
      return 'attributes is neither a list nor valid JSON';
    }
  } else {
    names = text.split(/[;,]/);
  }
  const out: Record<string, boolean> = {};
  for (const raw of names) {
    const name = raw.trim();
    if (name) out[known.get(name.toLowerCase()) ?? name] = true;
  }
  return out;
}

function coordinate(label: string, value: string, limit: number, reasons: string[]): number | null {
  if (!value.trim()) return null;
  const n = Number(value.trim());
  if (!Number.isFinite(n)) reasons.push(`${label} '${value.trim()}' is not a number`);
  else if (Math.abs(n) > limit) reasons.push(`${label} ${n} is outside -${limit}..${limit}`);
  else return n;
  return NaN;
}

/** Checks one record (already mapped to fields); the organization when it passes. */
function readRecord(
  get: (f: Field) => string,
  productName: string,
  types: Map<string, string>,
): { organization: CsvOrganization | null; reasons: string[] } {
  const reasons: string[] = [];
  const text = (f: Field) => get(f).trim() || null;
  const name = get('name').trim();
  if (!name) reasons.push('name is empty');
  else if (name.length > 255) reasons.push('name is longer than 255 characters');
  const rawType = get('sf_type').trim();
  const sfType = types.get(rawType.toLowerCase()) ?? canonicalType(rawType);
  if (!rawType) reasons.push('type is empty');
  else if (!sfType) reasons.push(`type '${rawType}' is not a network category and has no type mapping`);
  const attributes = parseAttributes(get('sf_attributes'), productName);
  if (typeof attributes === 'string') reasons.push(attributes);
  const lon = coordinate('longitude', get('lon'), 180, reasons);
  const lat = coordinate('latitude', get('lat'), 90, reasons);
  // Both empty: the organization is kept without a place (on no map until it has one); one alone is a mistake.
  if ((lon === null) !== (lat === null)) reasons.push(`${lon === null ? 'longitude' : 'latitude'} is empty`);
  if (reasons.length) return { organization: null, reasons };
  return {
    reasons,
    organization: {
      sf_id: text('sf_id'),
      name,
      address: text('address'),
      city: text('city'),
      province: text('province'),
      postal_code: text('postal_code'),
      country: text('country'),
      phone: text('phone'),
      sf_type: sfType!,
      sf_industry: text('sf_industry'),
      sf_attributes: attributes as Record<string, boolean>,
      sf_account_stage: text('sf_account_stage'),
      website: text('website'),
      lon,
      lat,
    },
  };
}

export interface CsvOptions {
  /** Column header -> field (id, label or a known header name), for custom fields and other names. */
  headers?: Record<string, string>;
  /** CRM account type (case-insensitive) -> network type of section 9. */
  types?: Record<string, string>;
}

export interface CsvReading {
  rows: CsvRow[];
  /** Every header and the field it fills (null: not used). */
  columns: { header: string; field: Field | null }[];
  /** Report footer lines recognised and skipped. */
  footer: string[];
  /** Types in the file outside section 9 without a mapping, as written (first spelling of each). */
  unknownTypes: string[];
}

function typeMapping(types: Record<string, string> = {}): Map<string, string> {
  const map = new Map<string, string>();
  for (const [from, to] of Object.entries(types)) {
    const type = canonicalType(to);
    if (!type)
      throw new CsvFileError(`The type mapping '${from}=${to}': '${to}' is not a network type. ${ACCEPTED_TYPES_NOTE}`);
    map.set(from.trim().toLowerCase(), type);
  }
  return map;
}

/** Every data row of the file, accepted or rejected; a file that is not CSV or lacks a needed column throws. */
export function readNetworkCsv(text: string, productName: string, options: CsvOptions = {}): CsvReading {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    throw new CsvFileError(`The file is not valid CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new CsvFileError('The file is empty: it needs a header row and at least one row.');
  const types = typeMapping(options.types);
  const headerRow = records[0].record;
  const column = mapColumns(headerRow, options.headers);
  const missing = REQUIRED.filter((f) => column[f] < 0).map((f) => LABEL[f] ?? f);
  if (column.lon < 0 !== column.lat < 0) missing.push(column.lon < 0 ? 'longitude' : 'latitude');
  if (missing.length) {
    throw new CsvFileError(
      `The header has no ${missing.join(', ')} column (found: ${headerRow.join(', ')}). ` +
        'Name the column that holds it with a header mapping.',
    );
  }
  const fieldOf = new Map(Object.entries(column).map(([f, i]) => [i, f as Field]));
  const end = footerStart(records.map((r) => r.record));
  const footer = records.slice(end).flatMap((r) => r.record.filter((v) => v.trim() !== ''));
  const data = records.slice(1, end).filter((r) => r.record.some((v) => v.trim() !== ''));
  const seenIds = new Map<string, number>();
  const unknown = new Map<string, string>();
  const rows = data.map(({ record, info }, i) => {
    const get = (f: Field) => (column[f] >= 0 ? (record[column[f]] ?? '') : '');
    const embeddedNewlines = record.reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
    const row: CsvRow = {
      row: i + 1,
      line: info.lines - embeddedNewlines,
      name: get('name').trim(),
      ...readRecord(get, productName, types),
    };
    const rawType = get('sf_type').trim();
    if (rawType && !types.has(rawType.toLowerCase()) && !canonicalType(rawType) && !unknown.has(rawType.toLowerCase()))
      unknown.set(rawType.toLowerCase(), rawType);
    const id = row.organization?.sf_id;
    if (id) {
      const first = seenIds.get(id);
      if (first !== undefined) {
        row.reasons.push(`the same Id as row ${first}`);
        row.organization = null;
      } else seenIds.set(id, row.row);
    }
    return row;
  });
  return {
    rows,
    columns: headerRow.map((header, i) => ({ header, field: fieldOf.get(i) ?? null })),
    footer,
    unknownTypes: [...unknown.values()],
  };
}

export const ACCEPTED_TYPES_NOTE = `Accepted types (section 9): ${NETWORK_TYPES.join(', ')}.`;
