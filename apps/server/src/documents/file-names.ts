/**
 * Download names (section 9 "Spreadsheet exports", 2.10): built from the heading and a date, in safe characters
 * only (ASCII letters, digits, '-' and '_'), so every browser, mail client and file system keeps them as they are.
 */
export function safeFileStem(text: string, fallback = 'report'): string {
  const stem = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^A-Za-z0-9-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[_-]+|[_-]+$/g, '')
    .slice(0, 120);
  return stem || fallback;
}

/** 'Fraser Valley Food Bank' + '2026-10-31' -> 'Fraser_Valley_Food_Bank_2026-10-31.xlsx'. */
export function monthlyReportFileName(headingName: string, monthEnd: string): string {
  return `${safeFileStem(headingName)}_${monthEnd}.xlsx`;
}

/** poster_{date}.pdf, the date being the last day of the poster's month. */
export function posterFileName(monthEnd: string): string {
  return `poster_${monthEnd}.pdf`;
}

/** A Content-Disposition value for a name made by the functions above (already safe ASCII). */
export function attachmentDisposition(fileName: string): string {
  return `attachment; filename="${fileName}"`;
}

/**
 * A generated (published) document's download name (spec 7.6): receiver, company and store names, the entry date
 * and the extension, e.g. 'Harvest_Valley_Foods_Harvest_Valley_Kitsilano_2026-10-01.pdf'; a re-published version
 * n > 1 ends in _v{n}.
 */
export function generatedFileName(f: {
  receiver: string | null;
  company: string | null;
  store: string | null;
  entry_date: string;
  version: number;
  ext: string;
}): string {
  const names = [f.receiver, f.company, f.store].filter((x): x is string => Boolean(x?.trim()));
  const stem = safeFileStem(names.join(' '), 'report');
  return `${stem}_${f.entry_date}${f.version > 1 ? `_v${f.version}` : ''}.${f.ext}`;
}
