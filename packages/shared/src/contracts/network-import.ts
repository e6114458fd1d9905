import { z } from 'zod';
import { liveJobSchema } from './publishing.js';

/**
 * CSV import of CRM accounts into the network (decision 0054): `npm run import:network`, and staff from the Network
 * map screen: POST networkPaths.importPreview reads the file and writes nothing; POST networkPaths.importStart runs
 * the same import as a job (GET networkPaths.importJob follows it).
 */

/** The columns an import fills, with the words people see for them. */
export const NETWORK_IMPORT_FIELDS = {
  sf_id: 'Id',
  name: 'Name',
  address: 'Street',
  city: 'City',
  province: 'State/Province',
  postal_code: 'Postal code',
  country: 'Country',
  phone: 'Phone',
  sf_type: 'Type',
  sf_industry: 'Industry',
  sf_attributes: 'Attributes',
  sf_account_stage: 'Account stage',
  website: 'Website',
  lon: 'Longitude',
  lat: 'Latitude',
} as const;
export type NetworkImportField = keyof typeof NETWORK_IMPORT_FIELDS;
export const NETWORK_IMPORT_FIELD_IDS = Object.keys(NETWORK_IMPORT_FIELDS) as NetworkImportField[];

/** Encodings a file may be named as (else detected): the WHATWG labels Node's TextDecoder takes. */
export const NETWORK_IMPORT_ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252', 'iso-8859-1'] as const;

/** Largest file the console takes (the CLI has no limit). */
export const NETWORK_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

const mapping = (value: z.ZodType<string>) => z.record(z.string().min(1).max(200), value);

export const networkImportBodySchema = z
  .object({
    file_name: z.string().min(1).max(255),
    /** The file's bytes, base64 (any encoding; detected unless `encoding` names it). */
    content_base64: z
      .string()
      .min(1)
      .max(Math.ceil(NETWORK_IMPORT_MAX_BYTES / 3) * 4),
    encoding: z.enum(NETWORK_IMPORT_ENCODINGS).optional(),
    /** Column header (as in the file) -> field, for columns the import does not know by name (custom fields). */
    headers: mapping(z.enum(NETWORK_IMPORT_FIELD_IDS as [NetworkImportField, ...NetworkImportField[]])).optional(),
    /** CRM account type (case-insensitive) -> a network type of section 9. */
    types: mapping(z.string().min(1).max(100)).optional(),
  })
  .strict();
export type NetworkImportBody = z.infer<typeof networkImportBodySchema>;

export const networkImportRejectedSchema = z.object({
  row: z.number(),
  line: z.number(),
  name: z.string(),
  reasons: z.array(z.string()),
});
export type NetworkImportRejected = z.infer<typeof networkImportRejectedSchema>;

export const NETWORK_IMPORT_ACTIONS = ['add', 'update', 'unchanged'] as const;
export type NetworkImportAction = (typeof NETWORK_IMPORT_ACTIONS)[number];
export const networkImportAcceptedSchema = z.object({
  row: z.number(),
  line: z.number(),
  name: z.string(),
  type: z.string(),
  city: z.string().nullable(),
  action: z.enum(NETWORK_IMPORT_ACTIONS),
});
export type NetworkImportAccepted = z.infer<typeof networkImportAcceptedSchema>;

/** Rows listed in a preview, each kind (the counts are always whole). */
export const NETWORK_IMPORT_PREVIEW_ROWS = 500;

export const networkImportPreviewSchema = z.object({
  file: z.string(),
  encoding: z.string(),
  rows: z.number(),
  /** Accepted rows: what importing would do to each (add, update, unchanged), the first 500. */
  accepted: z.array(networkImportAcceptedSchema),
  accepted_count: z.number(),
  counts: z.object({ add: z.number(), update: z.number(), unchanged: z.number() }),
  rejected: z.array(networkImportRejectedSchema),
  rejected_count: z.number(),
  /** Every column of the header and the field it fills (null: not used). */
  columns: z.array(z.object({ header: z.string(), field: z.string().nullable() })),
  /** Types in the file that are not network types and have no mapping. */
  unknown_types: z.array(z.string()),
  /** Report lines after the data (Grand Totals, Confidential…, Copyright…), recognised and skipped. */
  footer: z.array(z.string()),
});
export type NetworkImportPreview = z.infer<typeof networkImportPreviewSchema>;

export const networkImportResultSchema = z.object({
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  unchanged: z.number(),
  rejected: z.number(),
});
export type NetworkImportResult = z.infer<typeof networkImportResultSchema>;

export const networkImportJobParamsSchema = z.object({ id: z.string().min(1).max(100) }).strict();

/** A network import job: its progress (processed of total accepted rows) and, once finished, what it did. */
export const networkImportJobSchema = z.object({
  job: liveJobSchema,
  result: networkImportResultSchema.nullable(),
});
export type NetworkImportJob = z.infer<typeof networkImportJobSchema>;

/** The job name of console imports (runs network_import_{n}; one at a time). */
export const NETWORK_IMPORT_JOB_NAME = 'network_import';

const csvCell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** The rejection report: one CSV line per rejected row, naming it (row, line, name) and why. */
export function rejectionReportCsv(rejected: readonly NetworkImportRejected[]): string {
  const lines = [['row', 'line', 'name', 'reasons'].join(',')];
  for (const r of rejected) lines.push([r.row, r.line, r.name, r.reasons.join('; ')].map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
