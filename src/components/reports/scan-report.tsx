/**
 * A site's latest scan report (docs/partner-api.md#scan-report), every field in people's words:
 * what remains (in the alarm's colours), the files found (in them only while
 * threats or suspicions remain), the coverage (a bar and a percentage) and the scan
 * errors, whether it was a cleanup, and when. Shared by the site page and the
 * printable reports; no data fetching here. The API gives only the latest
 * report, and this says so rather than invent a history.
 */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import type { ScanReport } from '../../api/schemas';
import { format, type Format } from '../../i18n/format';
import { cn } from '../../lib/cn';
import { Card } from '../ui/card';
import { Progress } from '../ui/progress';
import { reportMessages } from './report-messages';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Bytes in the largest unit that keeps the number at or above 1 (1,000-based, as disks are sold). */
function formatBytes(f: Format, bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  return f.number(value, { style: 'unit', unit: UNITS[unit], maximumFractionDigits: unit === 0 ? 0 : 1 });
}

type Tone = 'danger' | 'warning' | 'neutral';

/**
 * One figure of the report. Above zero, a figure with a tone is in its
 * colours and says so in words too (`data-tone`; a screen reader hears
 * "Threats remaining, needs action"): never by colour only.
 */
function Figure({ name, value, tone = 'neutral', field }: { name: string; value: number; tone?: Tone; field: string }) {
  const t = useStore(reportMessages);
  const f = useStore(format);
  const alarming = value > 0 && tone !== 'neutral';
  return (
    <div
      data-tone={alarming ? tone : 'neutral'}
      className={cn(
        'min-w-0 rounded-md border px-3 py-2 print:flex print:items-baseline print:justify-between print:gap-2 print:px-2 print:py-0.5',
        alarming && tone === 'danger' && 'border-danger-border bg-danger-surface text-danger-text',
        alarming && tone === 'warning' && 'border-warning-border bg-warning-surface text-warning-text',
        !alarming && 'border-border',
      )}
      data-field={field}
    >
      <dt className={cn('text-xs', alarming ? 'font-medium' : 'text-muted-foreground')}>
        {name}
        {alarming ? <span className="sr-only">, {tone === 'danger' ? t.toneDanger : t.toneWarning}</span> : null}
      </dt>
      <dd className="text-xl font-semibold tabular-nums print:text-sm">{f.integer(value)}</dd>
    </div>
  );
}

export interface ScanReportViewProps {
  /** The latest report, or null when the site was never scanned. */
  report: ScanReport | null | undefined;
  /** Offered when there is no report (scan now). */
  neverAction?: ReactNode;
  headingLevel?: 2 | 3;
  /** For a client's printed report: no card, tighter, no report number. */
  printable?: boolean;
  className?: string;
}

export function ScanReportView({ report, neverAction, headingLevel = 2, printable, className }: ScanReportViewProps) {
  const t = useStore(reportMessages);
  const f = useStore(format);
  const H = headingLevel === 2 ? 'h2' : 'h3';
  const Sub = headingLevel === 2 ? 'h3' : 'h4';
  // Printed, the report is part of the page, not a card on it (cn has no tailwind-merge: classes stay disjoint).
  const Frame = printable ? 'section' : Card;
  const shell = cn(
    'print:break-inside-avoid',
    !printable && 'p-4 print:border-0 print:p-0 print:shadow-none',
    className,
  );
  if (!report) {
    return (
      <Frame className={shell} data-testid="scan-report" data-state="never">
        <H className="text-base font-semibold text-foreground">{t.title}</H>
        <p className="mt-2 font-medium text-foreground">{t.neverTitle}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t.neverText}</p>
        {neverAction ? <div className="mt-3 print:hidden">{neverAction}</div> : null}
      </Frame>
    );
  }
  const when = f.unixTime(report.date);
  // What the scan found is said as found; the alarm's colours are for what remains (threats, suspicions,
  // incurable files): files found and cleaned, with nothing remaining, are no longer a danger.
  const cleaned = report.threats === 0 && report.doubt === 0 && report.malicious + report.suspicious > 0;
  const share = report.totalbytes > 0 ? report.checkedbytes / report.totalbytes : null;
  const grid = 'mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 print:grid-cols-3 print:gap-1';
  return (
    <Frame className={shell} data-testid="scan-report" data-state="report">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <H className="text-base font-semibold text-foreground">{t.title}</H>
        <p className="text-sm text-muted-foreground">
          <time dateTime={new Date(report.date * 1000).toISOString()} data-field="date">
            {report.cure === 1 ? t.kindCleanup({ date: when }) : t.kindScan({ date: when })}
          </time>
        </p>
      </div>
      {/* The report's number and what the service keeps are for staff; a client's printed report leaves them out. */}
      {printable ? null : (
        <p className="mt-1 text-xs text-muted-foreground">
          <span data-field="id">{t.reportId({ id: report.id })}</span>. {t.onlyLatest}
        </p>
      )}

      <Sub className="mt-4 text-sm font-semibold text-foreground print:mt-2">{t.remaining}</Sub>
      <dl className={grid}>
        <Figure field="threats" name={t.threats} value={report.threats} tone="danger" />
        <Figure field="incurable" name={t.incurable} value={report.incurable} tone="danger" />
        <Figure field="doubt" name={t.doubt} value={report.doubt} tone="warning" />
        <Figure field="treated" name={t.treated} value={report.treated} />
      </dl>
      {report.cure !== 1 && report.treated === 0 ? (
        <p className="mt-1 text-xs text-muted-foreground">{t.noTreatment}</p>
      ) : null}

      <Sub className="mt-4 text-sm font-semibold text-foreground print:mt-2">{t.files}</Sub>
      <dl className={grid}>
        <Figure field="detectedfiles" name={t.detectedfiles} value={report.detectedfiles} />
        <Figure
          field="malicious"
          name={t.malicious}
          value={report.malicious}
          tone={report.threats > 0 ? 'danger' : 'neutral'}
        />
        <Figure
          field="suspicious"
          name={t.suspicious}
          value={report.suspicious}
          tone={report.doubt > 0 ? 'warning' : 'neutral'}
        />
        <Figure field="incurablefiles" name={t.incurablefiles} value={report.incurablefiles} tone="danger" />
        <Figure field="treatedfiles" name={t.treatedfiles} value={report.treatedfiles} />
        <Figure field="deletedfiles" name={t.deletedfiles} value={report.deletedfiles} />
      </dl>
      {cleaned ? (
        <p className="mt-1 text-xs text-muted-foreground" data-field="cleaned">
          {t.foundCleaned}
        </p>
      ) : null}

      <Sub className="mt-4 text-sm font-semibold text-foreground print:mt-2">{t.coverage}</Sub>
      <dl className={grid}>
        <Figure field="checkeddirs" name={t.checkeddirs} value={report.checkeddirs} />
        <Figure field="checkedfiles" name={t.checkedfiles} value={report.checkedfiles} />
        <Figure field="errors" name={t.errors} value={report.errors} tone="warning" />
      </dl>
      <div className="mt-3" data-field="bytes" data-checked={report.checkedbytes} data-total={report.totalbytes}>
        {share === null ? (
          <p className="text-sm text-muted-foreground">{t.bytesNone}</p>
        ) : (
          <Progress
            value={report.checkedbytes}
            max={report.totalbytes}
            label={t.bytesLabel}
            valueText={`${t.bytesOf({
              checked: formatBytes(f, report.checkedbytes),
              total: formatBytes(f, report.totalbytes),
            })} (${f.number(share, { style: 'percent', maximumFractionDigits: 1 })})`}
          />
        )}
      </div>
      {report.errors > 0 ? <p className="mt-2 text-xs text-muted-foreground">{t.errorsHint}</p> : null}
    </Frame>
  );
}
