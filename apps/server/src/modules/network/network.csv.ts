import { canonicalType, hiddenTagAttributes, NETWORK_TYPES } from '@openrescue/shared';
import { parse } from 'csv-parse/sync';

/**
 * Reading a CRM account export (CSV, RFC 4180) into network organizations: headers matched case-insensitively
 * (Salesforce API names such as BillingStreet, Data Loader's UPPERCASE ones, or our own names), quoted values with
 * commas and newlines, a UTF-8 byte order mark. Every row is accepted or rejected with its reasons.
 */

export const FIELDS = [
  'sf_id', 'name', 'address', 'city', 'province', 'postal_code', 'country', 'phone', 'sf_type', 'sf_industry',
  'sf_attributes', 'sf_account_stage', 'website', 'lon', 'lat',
] as const;
type Field = (typeof FIELDS)[number];

/** Header names (lower case, letters and digits only, a trailing __c dropped) per field. */
const ALIASES: Record<Field, string[]> = {
  sf_id: ['id', 'sfid', 'accountid'],
  name: ['name', 'accountname'],
  address: ['address', 'billingstreet', 'street'],
  city: ['city', 'billingcity'],
  province: ['province', 'state', 'billingstate'],
  postal_code: ['postalcode', 'billingpostalcode', 'zip', 'zipcode'],
  country: ['country', 'billingcountry'],
  phone: ['phone'],
  sf_type: ['type', 'sftype', 'accounttype'],
  sf_industry: ['industry', 'sfindustry'],
  sf_attributes: ['attributes', 'sfattributes'],
  sf_account_stage: ['accountstage', 'sfaccountstage', 'stage'],
  website: ['website', 'datawebsite', 'url'],
  lon: ['longitude', 'lon', 'lng', 'billinglongitude', 'locationlongitude'],
  lat: ['latitude', 'lat', 'billinglatitude', 'locationlatitude'],
};
const REQUIRED: Field[] = ['name', 'sf_type', 'lon', 'lat'];
const LABEL: Partial<Record<Field, string>> = { sf_type: 'type', lon: 'longitude', lat: 'latitude' };

export const normalizeHeader = (h: string) => h.trim().toLowerCase().replace(/__c$/, '').replace(/[^a-z0-9]/g, '');

export interface CsvOrganization {
  sf_id: string | null; name: string; address: string | null; city: string | null; province: string | null;
  postal_code: string | null; country: string | null; phone: string | null; sf_type: string; sf_industry: string | null;
  sf_attributes: Record<string, boolean>; sf_account_stage: string | null; website: string | null; lon: number; lat: number;
}

export interface CsvRow {
  /** Data row number (the header is row 0) and the file line it starts on. */
  row: number;
  line: number;
  name: string;
  organization: CsvOrganization | null;
  reasons: string[];
}

export class CsvFileError extends Error {}

/** Attribute names as the CRM writes them (`A;B`, `A, B`, or a JSON object of name -> true). Known names get their spelling. */
export function parseAttributes(value: string, productName: string): Record<string, boolean> | string {
  const text = value.trim();
  if (!text) return {};
  const known = new Map(hiddenTagAttributes(productName).map((a) => [a.toLowerCase(), a]));
  let names: string[];
  if (text.startsWith('{')) {
    try {
      const parsed = JSON.parse(text) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return 'attributes is not a JSON object';
      names = Object.entries(parsed).filter(([, v]) => v === true).map(([k]) => k);
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
function readRecord(get: (f: Field) => string, productName: string): { organization: CsvOrganization | null; reasons: string[] } {
  const reasons: string[] = [];
  const text = (f: Field) => get(f).trim() || null;
  const name = get('name').trim();
  if (!name) reasons.push('name is empty');
  else if (name.length > 255) reasons.push('name is longer than 255 characters');
  const rawType = get('sf_type').trim();
  const sfType = canonicalType(rawType);
  if (!rawType) reasons.push('type is empty');
  else if (!sfType) reasons.push(`type '${rawType}' is not a network category`);
  const attributes = parseAttributes(get('sf_attributes'), productName);
  if (typeof attributes === 'string') reasons.push(attributes);
  const lon = coordinate('longitude', get('lon'), 180, reasons);
  const lat = coordinate('latitude', get('lat'), 90, reasons);
  if (lon === null && lat === null) reasons.push('no coordinates (longitude and latitude are empty)');
  else if (lon === null || lat === null) reasons.push(`${lon === null ? 'longitude' : 'latitude'} is empty`);
  if (reasons.length) return { organization: null, reasons };
  return {
    reasons,
    organization: {
      sf_id: text('sf_id'), name, address: text('address'), city: text('city'), province: text('province'),
      postal_code: text('postal_code'), country: text('country'), phone: text('phone'), sf_type: sfType!,
      sf_industry: text('sf_industry'), sf_attributes: attributes as Record<string, boolean>,
      sf_account_stage: text('sf_account_stage'), website: text('website'), lon: lon!, lat: lat!,
    },
  };
}

/** Every data row of the file, accepted or rejected; a file that is not CSV or lacks a needed column throws. */
export function readNetworkCsv(text: string, productName: string): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true }) as unknown as typeof records;
  } catch (error) {
    throw new CsvFileError(`The file is not valid CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw new CsvFileError('The file is empty: it needs a header row and at least one row.');
  const header = records[0].record.map(normalizeHeader);
  const column = Object.fromEntries(FIELDS.map((f) => [f, header.findIndex((h) => ALIASES[f].includes(h))])) as Record<Field, number>;
  const missing = REQUIRED.filter((f) => column[f] < 0).map((f) => LABEL[f] ?? f);
  if (missing.length) {
    throw new CsvFileError(`The header has no ${missing.join(', ')} column (found: ${records[0].record.join(', ')}).`);
  }
  const seenIds = new Map<string, number>();
  return records.slice(1).map(({ record, info }, i) => {
    const get = (f: Field) => (column[f] >= 0 ? (record[column[f]] ?? '') : '');
    const embeddedNewlines = record.reduce((n, v) => n + (v.match(/\n/g)?.length ?? 0), 0);
    const row: CsvRow = { row: i + 1, line: info.lines - embeddedNewlines, name: get('name').trim(), ...readRecord(get, productName) };
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
}

export const ACCEPTED_TYPES_NOTE = `Accepted types (section 9): ${NETWORK_TYPES.join(', ')}.`;
