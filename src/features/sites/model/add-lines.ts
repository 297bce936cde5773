/**
 * What the "Add sites" box holds, line by line: `domain[,unit e-mail]`
 * (pasted, or a CSV file put in the box), an optional header, each line
 * checked before anything is sent, and the entries to send (one per site:
 * docs/partner-api.md#lifecycle, duplicates are not added twice and later options overwrite
 * earlier ones, so the last line of a site wins).
 */
import Papa from 'papaparse';
import { RE, regex } from '../../../api/registry/define';
import { parseSiteInput, type SiteInputError } from './site-input';

type LineProblem = SiteInputError | 'badEmail' | 'needsAgency';

export interface AddLine {
  /** 1-based position among the non-empty lines of the box. */
  line: number;
  /** The line as it will stay in the box should it fail. */
  text: string;
  site: string;
  unit: string | undefined;
  host?: string;
  domain?: string;
  problem?: LineProblem;
  /** A later line names the same site: that one is sent (docs/partner-api.md#lifecycle "later options overwrite"). */
  supersededBy?: number;
}

const HEADER_WORDS = new Set(['domain', 'site', 'sites', 'name', 'url', 'host', 'website', 'domains']);

/**
 * The separator of a box or file: a comma, else a semicolon or a tab (as
 * spreadsheets in many languages write CSV). Papa Parse's own guess needs every
 * row to have as many cells, and a unit e-mail is optional.
 */
function delimiterOf(text: string): string {
  if (text.includes(',')) return ',';
  if (text.includes(';')) return ';';
  return text.includes('\t') ? '\t' : ',';
}

/** Rows of cells, with CSV's quoting. */
export function splitRows(text: string): string[][] {
  const clean = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(clean, { delimiter: delimiterOf(clean), skipEmptyLines: 'greedy' });
  return parsed.data.map((row) => row.map((cell) => cell.trim())).filter((row) => row.some((c) => c !== ''));
}

/** A row as one line of the box: `domain` or `domain,unit`. */
export function rowText(site: string, unit: string | undefined): string {
  return Papa.unparse([unit ? [site, unit] : [site]], { newline: '\n' });
}

export function parseAddLines(text: string, { hasAgency }: { hasAgency: boolean }): AddLine[] {
  const rows = splitRows(text);
  const first = rows[0]?.[0]?.toLowerCase();
  if (first !== undefined && HEADER_WORDS.has(first)) rows.shift();
  const lines = rows.map((row, i): AddLine => {
    const site = row[0] ?? '';
    const unit = row[1] ? row[1] : undefined;
    const line: AddLine = { line: i + 1, text: rowText(site, unit), site, unit };
    const parsed = parseSiteInput(site);
    if (!parsed.ok) return { ...line, problem: parsed.error };
    if (unit !== undefined && !regex(RE.email).test(unit)) return { ...line, problem: 'badEmail' };
    if (unit !== undefined && !hasAgency)
      return { ...line, host: parsed.host, domain: parsed.domain, problem: 'needsAgency' };
    return { ...line, host: parsed.host, domain: parsed.domain };
  });
  const last = new Map<string, number>();
  for (const l of lines) if (l.host && !l.problem) last.set(l.host, l.line);
  return lines.map((l) => {
    const winner = l.host && !l.problem ? last.get(l.host) : undefined;
    return winner !== undefined && winner !== l.line ? { ...l, supersededBy: winner } : l;
  });
}

/** The lines to send: valid, and the last of their site. */
export function linesToSend(lines: readonly AddLine[]): AddLine[] {
  return lines.filter((l) => l.host && !l.problem && l.supersededBy === undefined);
}
