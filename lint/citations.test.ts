/**
 * The repository carries every document its code cites (docs/architecture.md#citations):
 * no tracked file cites the published API text by section number, a design or
 * style note kept outside the repository, or an issue number; and every
 * citation of a doc (`docs/partner-api.md#sites_add` in code, `[…](partner-api.md#sites_add)`
 * in Markdown) names a file that exists and a heading it has.
 *
 * Every tracked file is read, this one included: the patterns are assembled
 * from pieces so that their own source does not match them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Tracked text files; the lock file is the registry's words, not ours. */
const files = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && f !== 'package-lock.json' && !/\.(png|jpe?g|gif|ico|woff2?|sqlite)$/.test(f))
  .filter((f) => existsSync(path.join(root, f)));

const texts = new Map(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));

const SECTION = '\u00a7';
const FORBIDDEN: { what: string; re: RegExp }[] = [
  {
    what: 'a section of the published API text',
    re: new RegExp(`\\b(spec(ification)?|Spezifikation) ${SECTION}`, 'i'),
  },
  { what: 'a bare section number', re: new RegExp(`(?<!RFC \\d+ )${SECTION} ?\\d`) },
  { what: 'a design note outside the repository', re: new RegExp(['DESIGN', 'md'].join('\\.')) },
  { what: 'a style note outside the repository', re: new RegExp(['STYLE', 'md'].join('\\.')) },
  { what: 'an issue number', re: new RegExp(['\\bissues?', '#?\\d+'].join(' '), 'i') },
];

/** GitHub's anchors of a Markdown file's headings. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = heading[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Every `docs/…md#anchor` (any file) and Markdown link to a local `.md` or `#anchor` (Markdown files). */
function citationsOf(file: string, text: string): { target: string; anchor?: string }[] {
  const found: { target: string; anchor?: string }[] = [];
  for (const m of text.matchAll(/(?<![\w/.-])(docs\/[\w./-]+\.md)(?:#([\w-]+))?/g)) {
    found.push({ target: m[1]!, anchor: m[2] });
  }
  if (file.endsWith('.md')) {
    for (const m of text.matchAll(/\]\((?!https?:|mailto:)([^)#\s]*)(?:#([^)\s]+))?\)/g)) {
      const target = m[1] === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!));
      if (target.endsWith('.md') || m[1] === '') found.push({ target, anchor: m[2] });
    }
  }
  return found;
}

describe('citations', () => {
  it('reads the tracked files', () => {
    expect(texts.size).toBeGreaterThan(100);
    expect(texts.has('docs/partner-api.md')).toBe(true);
  });

  it('cite no document the repository does not hold, and no issue number', () => {
    const offences: string[] = [];
    for (const [file, text] of texts) {
      text.split('\n').forEach((line, index) => {
        for (const { what, re } of FORBIDDEN) {
          if (re.test(line)) offences.push(`${file}:${index + 1}: ${what}: ${line.trim().slice(0, 120)}`);
        }
      });
    }
    expect(offences).toEqual([]);
  });

  it('name docs that exist, and headings they have', () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const [file, text] of texts) {
      for (const { target, anchor } of citationsOf(file, text)) {
        if (!texts.has(target)) {
          broken.push(`${file}: ${target} is not in the repository`);
          continue;
        }
        if (anchor === undefined) continue;
        if (!anchors.has(target)) anchors.set(target, anchorsOf(texts.get(target)!));
        if (!anchors.get(target)!.has(anchor)) broken.push(`${file}: ${target}#${anchor} is no heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('knows a heading from a missing one', () => {
    const doc = '# The API\n\n## sites_add\n\n```\n## not a heading\n```\n### syncfile_get errors\n## Keys\n## Keys\n';
    expect([...anchorsOf(doc)]).toEqual(['the-api', 'sites_add', 'syncfile_get-errors', 'keys', 'keys-1']);
    expect(citationsOf('src/x.ts', 'see docs/partner-api.md#sites_add.')).toEqual([
      { target: 'docs/partner-api.md', anchor: 'sites_add' },
    ]);
    // Paths assembled, so that this file's own text cites nothing.
    const page = ['docs', 'a.md'].join('/');
    const record = ['docs', 'decisions', '001-x.md'].join('/');
    expect(citationsOf(page, '[b](decisions/001-x.md#why) [c](#here) [d](https://x.example/y.md)')).toEqual([
      { target: record, anchor: 'why' },
      { target: page, anchor: 'here' },
    ]);
    for (const sample of [
      `(spec ${SECTION}4.3)`,
      `Spec ${SECTION}2.1:`,
      `(${SECTION}7.3)`,
      ['DESIGN', 'md'].join('.'),
      ['STYLE', 'md habit 3'].join('.'),
      ['(issue', '8)'].join(' '),
      ['Issues', '2 and 7'].join(' '),
    ]) {
      expect(
        FORBIDDEN.some(({ re }) => re.test(sample)),
        sample,
      ).toBe(true);
    }
    expect(FORBIDDEN.some(({ re }) => re.test(`RFC 9110 ${SECTION}7.6.1`))).toBe(false);
  });
});
