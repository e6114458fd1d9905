import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export type ReadCell =
  | string
  | number
  | boolean
  | null
  | { date: string; format: string }
  | { formula: string; cached: string | number | null };

/** A sheet as openpyxl reads it (read_xlsx.py says what each field is). */
export interface ReadSheet {
  name: string;
  fit_to_page: boolean;
  fit_to_width: number | null;
  fit_to_height: number | null;
  orientation: string | null;
  print_title_rows: string | null;
  rows: ReadCell[][];
  /** How many cells of each XML type (`s`, `inlineStr`, `str`, `n`, …) the sheet's XML holds. */
  cell_types: Record<string, number>;
}

const SCRIPT = fileURLToPath(new URL('./read_xlsx.py', import.meta.url));

/**
 * A spreadsheet through a reader other than the library that wrote it: openpyxl, with Debian's own Python
 * (python3-openpyxl, installed by scripts/ensure-debian.mjs; the machine's other python3 lacks it).
 */
export function readXlsx(xlsx: Buffer): ReadSheet[] {
  const out = execFileSync('/usr/bin/python3', [SCRIPT], { input: xlsx, encoding: 'utf8', maxBuffer: 64 << 20 });
  return (JSON.parse(out) as { sheets: ReadSheet[] }).sheets;
}
