/**
 * "Add sites": paste one per line or pick a CSV file (`domain[,unit e-mail]`,
 * the separator a comma, a semicolon or a tab),
 * see each line checked before anything is sent, add in calls of a few
 * hundred (data/sites-add.ts), and keep the lines that failed in the box with
 * their reason next to them. A full plan (141900) says how many went in and
 * how many did not fit.
 */
import { useStore } from '@nanostores/react';
import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { UploadIcon } from '../../../components/ui/more-icons';
import { Progress } from '../../../components/ui/progress';
import { Spinner } from '../../../components/ui/spinner';
import { useAgency } from '../../../data/agency';
import { useAddSites } from '../../../data/sites-add';
import { commonMessages } from '../../../i18n/common-messages';
import { toast } from '../../../lib/toast-store';
import { addSitesMessages } from '../add-messages';
import { afterSend, planSend, type LineResult } from '../add-sites';
import { boxLines, parseAddLines } from '../../../data/site-model/add-lines';
import { AddPreview } from './add-preview';
import { PlanUsage } from '../../../components/site/plan-usage';
import { useKnownSites, useSiteCount } from '../../../data/known-sites';

interface Summary {
  added: number;
  /** What was added, as the user wrote it, with the customer it is shared with. */
  sites: { site: string; unit: string | undefined }[];
  overPlan: number;
  kept: number;
  error?: unknown;
}

/**
 * The dialog says what was added while it is open; the toast that confirms it
 * on the page comes when it closes, so it never opens under the dialog.
 * Escape, a click outside or the close button ask first while the box holds
 * lines not sent; Cancel is the deliberate way out.
 */
export function AddSitesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const added = useRef(0);
  const unsent = useRef(false);
  const [asking, setAsking] = useState(false);
  const close = () => {
    // The words read when needed: the closed dialog, on every sites page, subscribes to none.
    if (added.current > 0) toast({ tone: 'success', title: addSitesMessages.get().added(added.current) });
    added.current = 0;
    unsent.current = false;
    setAsking(false);
    onOpenChange(false);
  };
  const change = (next: boolean) => {
    if (next) onOpenChange(true);
    else if (unsent.current) setAsking(true);
    else close();
  };
  return (
    <Dialog open={open} onOpenChange={change}>
      {/* Its content (and its words) only while open, as Radix would mount it: nothing animates out. */}
      {open ? (
        <AddSitesContent>
          <AddSitesForm
            onClose={close}
            onAdded={(n) => (added.current += n)}
            onUnsent={(has) => {
              unsent.current = has;
              if (!has) setAsking(false);
            }}
            asking={asking}
            onKeep={() => setAsking(false)}
          />
        </AddSitesContent>
      ) : null}
    </Dialog>
  );
}

function AddSitesContent({ children }: { children: React.ReactNode }) {
  const t = useStore(addSitesMessages);
  return (
    <DialogContent title={t.title} description={t.description} width="lg">
      <AddedSoFar />
      {children}
    </DialogContent>
  );
}

interface AddSitesFormProps {
  onClose: () => void;
  onAdded: (count: number) => void;
  /** Whether the box holds lines not sent. */
  onUnsent: (has: boolean) => void;
  /** The dialog was asked to close with lines not sent: ask whether to throw them away. */
  asking: boolean;
  onKeep: () => void;
}

/** The plan's use, above the list to add. */
function AddedSoFar() {
  return <PlanUsage used={useSiteCount()} className="-mt-2 mb-3" />;
}

function AddSitesForm({ onClose, onAdded, onUnsent, asking, onKeep }: AddSitesFormProps) {
  const t = useStore(addSitesMessages);
  const common = useStore(commonMessages);
  const boxId = useId();
  const hintId = useId();
  const [text, setText] = useState('');
  const [results, setResults] = useState<ReadonlyMap<string, LineResult>>(new Map());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [summary, setSummary] = useState<Summary | null>(null);
  const [fileNote, setFileNote] = useState('');
  const agency = useAgency();
  const addSites = useAddSites();
  // A paste of thousands of lines is checked without holding up typing.
  const checked = useDeferredValue(text);
  const lines = useMemo(() => parseAddLines(checked, { hasAgency: agency.data !== null }), [checked, agency.data]);
  const hosts = useMemo(() => [...new Set(lines.flatMap((l) => (l.host ? [l.host] : [])))].sort(), [lines]);
  const { known: existing, check } = useKnownSites(hosts);
  const plan = useMemo(() => planSend(lines, existing), [lines, existing]);
  const sending = progress !== null;
  useEffect(() => onUnsent(text.trim() !== ''), [text, onUnsent]);

  const send = async () => {
    if (plan.sent.length === 0) return;
    setSummary(null);
    setProgress({ done: 0, total: plan.sent.length });
    // Planned again with what the server says of these very lines (the preview's answer may be a keystroke behind).
    let planned = plan;
    try {
      planned = planSend(lines, await check(hosts));
    } catch {
      // The workspace did not answer: the service itself says which are there already.
    }
    if (planned.sent.length === 0) {
      setProgress(null);
      return;
    }
    setProgress({ done: 0, total: planned.sent.length });
    const outcome = await addSites(
      planned.sent.map((l) => ({ name: l.host ?? l.site, share: l.unit })),
      { onProgress: (done, total) => setProgress({ done, total }) },
    );
    const after = afterSend(lines, planned, outcome);
    setText(after.text);
    setResults(after.results);
    setProgress(null);
    const kept = after.text === '' ? 0 : after.text.split('\n').length;
    const sites = outcome.added.flatMap((i) => {
      const line = planned.sent[i];
      return line ? [{ site: line.site, unit: line.unit }] : [];
    });
    setSummary({ added: outcome.added.length, sites, overPlan: outcome.overPlan.length, kept, error: outcome.error });
    onAdded(outcome.added.length);
  };

  const readFile = async (file: File) => {
    try {
      setText(boxLines(await file.text()).join('\n'));
      setResults(new Map());
      setFileNote(t.fileRead({ file: file.name }));
    } catch {
      setFileNote(t.fileUnreadable({ file: file.name }));
    }
  };

  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor={boxId} className="block text-sm font-medium">
          {t.boxLabel}
        </label>
        <p id={hintId} className="text-sm [overflow-wrap:anywhere] text-muted-foreground">
          {t.boxHint}
        </p>
        <textarea
          id={boxId}
          aria-describedby={hintId}
          value={text}
          rows={7}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          disabled={sending}
          onChange={(e) => {
            setText(e.currentTarget.value);
            setSummary(null);
          }}
          className="block w-full rounded-md border border-input bg-surface px-3 py-2 font-mono text-sm text-foreground focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
        />
        <div className="flex flex-wrap items-center gap-3">
          <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-input bg-surface px-3 py-1.5 text-sm font-medium hover:bg-accent focus-within:outline-2 focus-within:outline-ring">
            <UploadIcon />
            {t.pickFile}
            <input
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              className="sr-only"
              disabled={sending}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.value = '';
                if (file) void readFile(file);
              }}
            />
          </label>
          <span className="text-xs text-muted-foreground">{t.fileHint}</span>
        </div>
        <p role="status" className="text-sm text-muted-foreground">
          {fileNote}
        </p>
      </div>

      <AddPreview lines={lines} existing={existing} results={results} />

      {progress ? (
        <Progress
          value={progress.done}
          max={progress.total}
          label={t.progress}
          valueText={t.sending({ done: progress.done, total: progress.total })}
        />
      ) : null}
      {summary ? <SendSummary summary={summary} /> : null}
      {asking ? <DiscardQuestion onKeep={onKeep} onDiscard={onClose} /> : null}

      <DialogFooter>
        <Button variant="secondary" onClick={onClose} disabled={sending}>
          {summary && summary.kept === 0 ? t.close : common.cancel}
        </Button>
        <Button onClick={() => void send()} disabled={sending || plan.sent.length === 0}>
          {sending ? <Spinner /> : null}
          {t.submit(plan.sent.length)}
        </Button>
      </DialogFooter>
    </div>
  );
}

function SendSummary({ summary }: { summary: Summary }) {
  const t = useStore(addSitesMessages);
  return (
    <div className="space-y-2" tabIndex={-1}>
      {summary.added > 0 || (summary.kept === 0 && !summary.error) ? (
        <Alert tone="success">
          <p>{t.added(summary.added)}</p>
          {summary.sites.length > 0 ? (
            <ul
              aria-label={t.addedList}
              className="mt-1 max-h-40 list-disc overflow-y-auto pl-5 [overflow-wrap:anywhere]"
            >
              {summary.sites.map(({ site, unit }, i) => (
                <li key={i}>{unit ? t.addedShared({ site, unit }) : site}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
      {summary.overPlan > 0 ? (
        <Alert tone="error">
          <p className="font-semibold">{t.planFull(summary.overPlan)}</p>
          <p className="mt-1">{t.planFullNext}</p>
        </Alert>
      ) : null}
      {summary.error ? <ApiErrorAlert error={summary.error} /> : null}
      {summary.kept > 0 ? <Alert tone="warning">{t.notAdded(summary.kept)}</Alert> : null}
    </div>
  );
}

/** Asked before the lines in the box are thrown away; keeping them is the default. */
function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const t = useStore(addSitesMessages);
  return (
    <Alert tone="warning" role="alert">
      <p className="font-semibold">{t.discardTitle}</p>
      <p className="mt-1">{t.discardText}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button autoFocus onClick={onKeep}>
          {t.discardKeep}
        </Button>
        <Button variant="secondary" onClick={onDiscard}>
          {t.discardConfirm}
        </Button>
      </div>
    </Alert>
  );
}
