import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { cn } from '../../../lib/cn';
import { addSitesMessages } from '../add-messages';
import type { LineResult } from '../add-sites';
import type { AddLine } from '../../../data/site-model/add-lines';

/** Lines listed at most (problems first); the rest are counted. */
const SHOWN = 200;

type Words = ReturnType<typeof addSitesMessages.get>;

interface Verdict {
  text: string;
  tone: 'ok' | 'info' | 'problem';
  agencyLink?: boolean;
}

function verdict(t: Words, line: AddLine, existing: ReadonlySet<string>, result: LineResult | undefined): Verdict {
  if (line.problem === 'needsAgency') return { text: t.needsAgency, tone: 'problem', agencyLink: true };
  if (line.problem) return { text: t[line.problem], tone: 'problem' };
  if (result?.kind === 'refused') return { text: `${t.refused}: ${result.message}`, tone: 'problem' };
  if (result?.kind === 'planFull') return { text: t.planLine, tone: 'problem' };
  if (result?.kind === 'notSent') return { text: t.notSentLine, tone: 'problem' };
  if (line.supersededBy !== undefined) return { text: t.superseded({ line: line.supersededBy }), tone: 'info' };
  if (line.host && existing.has(line.host)) {
    return line.unit ? { text: t.existsShare({ unit: line.unit }), tone: 'ok' } : { text: t.exists, tone: 'info' };
  }
  return { text: line.unit ? t.willAddShare({ unit: line.unit }) : t.willAdd, tone: 'ok' };
}

/** Each line of the box and what will happen to it, checked before anything is sent. */
export function AddPreview(props: {
  lines: readonly AddLine[];
  existing: ReadonlySet<string>;
  results: ReadonlyMap<string, LineResult>;
}) {
  const t = useStore(addSitesMessages);
  const judged = props.lines.map((line) => ({
    line,
    v: verdict(t, line, props.existing, props.results.get(line.text)),
  }));
  const problems = judged.filter((j) => j.v.tone === 'problem');
  const others = judged.filter((j) => j.v.tone !== 'problem');
  const shown = [...problems, ...others].slice(0, SHOWN);
  return (
    <section aria-labelledby="add-preview-title" className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="add-preview-title" className="text-sm font-semibold">
          {t.preview}
        </h3>
        {judged.length > 0 ? (
          <p className="text-sm text-muted-foreground">
            {t.toAdd(others.filter((j) => j.v.tone === 'ok').length)} · {t.toFix(problems.length)}
          </p>
        ) : null}
      </div>
      {judged.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.previewEmpty}</p>
      ) : (
        // Focusable: a long list (or long reasons on a phone) scrolls here, and the keyboard must reach it.
        <div
          tabIndex={0}
          role="group"
          aria-labelledby="add-preview-title"
          className="max-h-64 overflow-auto rounded-md border border-border focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <table className="w-full table-fixed border-separate border-spacing-0 text-sm">
            <colgroup>
              <col className="w-12" />
              <col className="w-[42%]" />
              <col />
            </colgroup>
            <thead className="[&_th]:sticky [&_th]:top-0 [&_th]:border-b [&_th]:border-border [&_th]:bg-surface">
              <tr>
                <th scope="col" className="px-2 py-1.5 text-left text-xs font-medium text-muted-foreground">
                  {t.colLine}
                </th>
                <th scope="col" className="px-2 py-1.5 text-left text-xs font-medium text-muted-foreground">
                  {t.colSite}
                </th>
                <th scope="col" className="px-2 py-1.5 text-left text-xs font-medium text-muted-foreground">
                  {t.colResult}
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map(({ line, v }) => (
                <tr key={line.line} data-line={line.line} className="[&>td]:border-b [&>td]:border-border">
                  <td className="px-2 py-1.5 align-top text-muted-foreground tabular-nums">{line.line}</td>
                  <td className="px-2 py-1.5 align-top [overflow-wrap:anywhere]">
                    {/* A line to fix shows as typed; a good one as the site and the customer it is shared with. */}
                    <span className="block">{line.domain ?? line.text}</span>
                    {line.domain && line.unit ? (
                      <span className="block text-xs text-muted-foreground">{line.unit}</span>
                    ) : null}
                  </td>
                  <td
                    className={cn(
                      'px-2 py-1.5 align-top',
                      v.tone === 'problem' && 'font-medium text-danger-text',
                      v.tone === 'info' && 'text-muted-foreground',
                      v.tone === 'ok' && 'text-success-text',
                    )}
                  >
                    {v.text}
                    {v.agencyLink ? (
                      <>
                        {' '}
                        <Link to="/agency" className="text-link underline underline-offset-2">
                          {t.agencyLink}
                        </Link>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {judged.length > SHOWN ? (
            <p className="px-2 py-1.5 text-sm text-muted-foreground">{t.moreLines(judged.length - SHOWN)}</p>
          ) : null}
        </div>
      )}
    </section>
  );
}
