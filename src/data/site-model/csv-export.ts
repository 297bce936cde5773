/**
 * CSV of the current view (the columns shown, UTF-8 names): Papa Parse writes
 * it; a byte-order mark lets spreadsheet programs read UTF-8; a cell that
 * starts like a formula is quoted as text (CSV injection); a cell holding an
 * invisible formatting character is isolated (FSI … PDI).
 */
import Papa from 'papaparse';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number;
}

const FORMULA = /^[=+\-@\t\r]/;
/** Invisible formatting characters: a right-to-left override in a cell would reorder what follows it. */
const INVISIBLE = /\p{Cf}/u;
/** First strong isolate … pop directional isolate: the cell's text is isolated, as <bdi> does in a page. */
const FSI = '\u2068';
const PDI = '\u2069';

function safeCell(value: string | number): string | number {
  if (typeof value !== 'string') return value;
  const text = FORMULA.test(value) ? `'${value}` : value;
  return INVISIBLE.test(text) ? `${FSI}${text}${PDI}` : text;
}

export function toCsv<T>(rows: readonly T[], columns: readonly CsvColumn<T>[]): string {
  const header = columns.map((c) => safeCell(c.header));
  const body = rows.map((row) => columns.map((c) => safeCell(c.value(row))));
  return `\uFEFF${Papa.unparse([header, ...body], { newline: '\r\n' })}\r\n`;
}

/** A date-stamped file name: `sites-2025-03-01.csv`. */
export function csvFileName(prefix: string, now = new Date()): string {
  return `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
}

/** A UNIX time as ISO 8601 (UTC), the form spreadsheets read; empty for none. */
export function isoTime(seconds: number | null | undefined): string {
  return seconds ? new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') : '';
}
