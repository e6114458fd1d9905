import { SELECTOR_MAX_LENGTH } from '@openrescue/shared';
import { monthRange, type GeneratedFilesFilters } from './filters';

/**
 * Selectors for GeneratedFile (grammar in packages/shared contracts/publishing.ts). Only the values below ever
 * enter the text: ids as whole numbers, dates as checked YYYY-MM-DD, the stage from a fixed list — and each text
 * value is quoted with its quotes doubled, so nothing typed or pasted can change the expression's shape.
 */

/** A text value in double quotes; a double quote inside is written twice ("say ""hi"""). */
export function quoteText(value: string): string {
  return `"${value.replace(/"/g, '""')}"`;
}

/** A whole number for the Selector; anything else is refused rather than written. */
export function selectorNumber(value: number): string {
  if (!Number.isSafeInteger(value)) throw new Error(`Not a whole number: ${value}`);
  return String(value);
}

/** The conditions of the filters, in a fixed order (entry_date range, company, receiver, stage). */
export function generatedFilesConditions(filters: GeneratedFilesFilters): string[] {
  const conditions: string[] = [];
  if (filters.month) {
    const { from, to } = monthRange(filters.month);
    conditions.push(`[entry_date] >= ${quoteText(from)}`, `[entry_date] <= ${quoteText(to)}`);
  }
  if (filters.companyId !== null) conditions.push(`[company_id] = ${selectorNumber(filters.companyId)}`);
  if (filters.receiverId !== null) conditions.push(`[receiver_id] = ${selectorNumber(filters.receiverId)}`);
  if (filters.stage !== 'all') conditions.push(`STARTSWITH([file_status], ${quoteText(`${filters.stage}:`)})`);
  return conditions;
}

/** Filter(GeneratedFile, ...) for the filters, or the bare table when nothing is filtered. */
export function generatedFilesFilterSelector(filters: GeneratedFilesFilters): string {
  const conditions = generatedFilesConditions(filters);
  if (conditions.length === 0) return 'GeneratedFile';
  const cond = conditions.length === 1 ? conditions[0] : `AND(${conditions.join(', ')})`;
  return `Filter(GeneratedFile, ${cond})`;
}

/**
 * The list's Selector: the filtered files, newest first (spec 7.1: GeneratedFile is ordered by creation_time
 * descending); id descending breaks ties so "the first file" of a publish file is always the same one.
 */
export function buildGeneratedFilesSelector(filters: GeneratedFilesFilters): string {
  const selector = `OrderBy(${generatedFilesFilterSelector(filters)}, [creation_time], TRUE, [id], TRUE)`;
  if (selector.length > SELECTOR_MAX_LENGTH) throw new Error('The Selector is too long');
  return selector;
}
