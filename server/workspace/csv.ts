/**
 * The activity log as CSV (RFC 4180), for a spreadsheet: a field that a
 * spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, CR) starts
 * with `'`, so a site or unit name cannot run one.
 */
import type { ActivityEntry } from './types.ts';

export const CSV_HEADER = [
  'time',
  'user',
  'key',
  'person',
  'method',
  'kind',
  'site',
  'customer',
  'option',
  'value',
  'result',
  'error',
];

export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(fields: ReadonlyArray<string | number | null>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

export function csvRow(e: ActivityEntry): string {
  return csvLine([
    new Date(e.at).toISOString(),
    e.who.userEmail,
    e.who.keyId,
    e.who.personName,
    e.method,
    e.kind,
    e.site,
    e.unit,
    e.option,
    e.value,
    e.result,
    e.error,
  ]);
}
