/**
 * What the "Add sites" box holds, line by line: a domain or URL, then
 * optionally a separator (`,` `;` or a tab) and the unit's e-mail (pasted, a
 * spreadsheet's two columns, or a CSV file put in the box), an optional
 * header, each line checked before anything is sent, and the entries to send
 * (one per site: docs/partner-api.md#sites_add, duplicates are not added twice
 * and later options overwrite earlier ones, so the last line of a site wins).
 * Anything else is a line to fix, never a guess.
 */
import Papa from 'papaparse';
import { RE, regex } from '../../api/registry/define';
import { parseSiteInput, type SiteInputError } from './site-input';

type LineProblem = SiteInputError | 'badEmail' | 'needsAgency' | 'tooManyCells';

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
  /** A later line names the same site: that one is sent (the service's "later options overwrite"). */
  supersededBy?: number;
}

const HEADER_WORDS = new Set(['domain', 'site', 'sites', 'name', 'url', 'host', 'website', 'domains']);

const SEPARATORS = [',', ';', '\t'];

/**
 * The separator of one line: the first `,` `;` or tab outside quotes. Each
 * line has its own, so a box that mixes a pasted CSV with spreadsheet rows
 * reads every row as typed.
 */
function separatorOf(line: string): string {
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && SEPARATORS.includes(ch)) return ch;
  }
  return ',';
}

/** One line's cells, with CSV's quoting; empty cells at its end dropped (a spreadsheet's blank columns). */
function cellsOf(line: string): string[] {
  const parsed = Papa.parse<string[]>(line, { delimiter: separatorOf(line) });
  const cells = (parsed.data[0] ?? []).map((cell) => cell.trim());
  while (cells.length > 0 && cells.at(-1) === '') cells.pop();
  return cells;
}

/** The non-empty lines of a box or file, trimmed. */
export function boxLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => cellsOf(line).length > 0);
}

export function parseAddLines(text: string, { hasAgency }: { hasAgency: boolean }): AddLine[] {
  const texts = boxLines(text);
  const first = texts[0] === undefined ? undefined : cellsOf(texts[0])[0]?.toLowerCase();
  if (first !== undefined && HEADER_WORDS.has(first)) texts.shift();
  const lines = texts.map((raw, i): AddLine => {
    const row = cellsOf(raw);
    const site = row[0] ?? '';
    const unit = row[1] ? row[1] : undefined;
    // The line stays as typed should it fail: what is to be fixed is what was written.
    const line: AddLine = { line: i + 1, text: raw, site, unit };
    if (row.length > 2) return { ...line, problem: 'tooManyCells' };
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
