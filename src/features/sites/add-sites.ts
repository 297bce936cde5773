/**
 * After sending the "Add sites" box: which lines stay in it (those not
 * added), and why each did not go in, by the line's text.
 */
import type { AddOutcome } from '../../data/sites-add';
import type { AddLine } from '../../data/site-model/add-lines';

export type LineResult = { kind: 'refused'; message: string } | { kind: 'planFull' } | { kind: 'notSent' };

export interface SendPlan {
  /** The lines sent, in the order of the entries. */
  sent: AddLine[];
}

/** The lines to send: valid, the last of their site, and not a site already there with nothing to share. */
export function planSend(lines: readonly AddLine[], existing: ReadonlySet<string>): SendPlan {
  return {
    sent: lines.filter(
      (l) => l.host && !l.problem && l.supersededBy === undefined && !(existing.has(l.host) && !l.unit),
    ),
  };
}

export interface AfterSend {
  /** What the box holds now: the lines not added. */
  text: string;
  /** Why each kept line was not added, by its text (lines that failed before sending keep their own reason). */
  results: Map<string, LineResult>;
}

export function afterSend(lines: readonly AddLine[], plan: SendPlan, outcome: AddOutcome): AfterSend {
  const results = new Map<string, LineResult>();
  const byLine = new Map<number, LineResult>();
  outcome.failed.forEach((message, i) => {
    const line = plan.sent[i];
    if (line) byLine.set(line.line, { kind: 'refused', message });
  });
  for (const i of outcome.overPlan) {
    const line = plan.sent[i];
    if (line) byLine.set(line.line, { kind: 'planFull' });
  }
  for (const i of outcome.notSent) {
    const line = plan.sent[i];
    if (line) byLine.set(line.line, { kind: 'notSent' });
  }
  const kept = lines.filter((l) => l.problem !== undefined || byLine.has(l.line));
  for (const l of kept) {
    const result = byLine.get(l.line);
    if (result) results.set(l.text, result);
  }
  return { text: kept.map((l) => l.text).join('\n'), results };
}
