import { ACCEPTED_TYPES_NOTE } from './network.csv.js';
import type { ImportReport } from './network.import.js';

/** The report people read after an import (the command line prints it). */
export function formatImportReport(report: ImportReport, rejectionFile?: string): string {
  const accepted = report.created + report.updated + report.unchanged;
  const lines = [
    `${report.file} (${report.encoding}): ${report.rows.length} rows read, ${accepted} accepted ` +
      `(${report.created} added, ${report.updated} updated, ${report.unchanged} unchanged), ` +
      `${report.rejected.length} rejected.`,
  ];
  if (report.noLocation)
    lines.push(`${report.noLocation} accepted rows have no coordinates: they are on no map until they have them.`);
  if (report.footer.length) lines.push(`Report footer skipped: ${report.footer.join(' | ')}`);
  const unused = report.columns.filter((c) => c.field === null).map((c) => c.header);
  if (unused.length) lines.push(`Columns not used: ${unused.join(', ')}`);
  if (report.rejected.length) {
    lines.push('Rejected:');
    for (const r of report.rejected) {
      lines.push(`  row ${r.row} (line ${r.line})${r.name ? ` "${r.name}"` : ''}: ${r.reasons.join('; ')}`);
    }
    if (report.unknownTypes.length)
      lines.push(
        `Types without a mapping: ${report.unknownTypes.map((t) => `'${t}'`).join(', ')}; map each with --type "CRM type=network type".`,
        ACCEPTED_TYPES_NOTE,
      );
    if (rejectionFile) lines.push(`The rejected rows and why: ${rejectionFile}`);
  }
  return lines.join('\n');
}
