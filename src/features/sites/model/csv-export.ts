/**
 * CSV of the current view (the columns shown, UTF-8 names): Papa Parse writes
 * it; a byte-order mark lets spreadsheet programs read UTF-8; a cell that
 * starts like a formula is quoted as text (CSV injection).
 */
import Papa from 'papaparse';

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number;
}

const FORMULA = /^[=+\-@\t\r]/;

function safeCell(value: string | number): string | number {
  return typeof value === 'string' && FORMULA.test(value) ? `'${value}` : value;
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
