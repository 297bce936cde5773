/**
 * The printable client report's frame: white-labelled with the agency's title
 * and logo (docs/partner-api.md#agency-record), the period and the date it was prepared, a Print
 * button and a way back (neither printed), no navigation; each later printed
 * page (a unit's sites) carries the title, logo and period too
 * (ReportPageHead). Print CSS in report-print.css.
 */
import { useStore } from '@nanostores/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { dayTime, type FirewallDay } from '../../../data/site-model/firewall-days';
import { PrinterIcon } from '../../../components/reports/printer-icon';
import { Button, buttonVariants } from '../../../components/ui/button';
import { ShieldIcon } from '../../../components/ui/icons';
import { agencyQueryOptions } from '../../../data/agency-query';
import { format } from '../../../i18n/format';
import { useApi } from '../../../lib/api-context';
import { useBrokenImage } from '../../../lib/broken-images';
import { clientReportMessages } from '../messages';
import '../report-print.css';

export const BACK_LINK_CLASS = buttonVariants({ variant: 'secondary', size: 'sm' });

interface ReportPageProps {
  /** Under the title: "For example.com", "For owner@customer.example". */
  subtitle: string;
  /** What the report is about (a domain, a customer's e-mail), in the document's title (the PDF's name). */
  subject: string;
  /** The 30 days the firewall figures cover (the first site's history). */
  days: readonly FirewallDay[];
  /** The way back (a Link to the page that opened the report), not printed. */
  back: ReactNode;
  children: ReactNode;
}

/** The agency's title and logo (an https address only) and the period of `days`, in the reader's words. */
function useReportBrand(days: readonly FirewallDay[]) {
  const t = useStore(clientReportMessages);
  const f = useStore(format);
  const { data: agency } = useQuery({ ...agencyQueryOptions(useApi()), retry: false });
  const first = days[0];
  const last = days.at(-1);
  return {
    agency,
    title: agency?.title.trim(),
    logo: agency?.logourl && /^https:\/\//i.test(agency.logourl) ? agency.logourl : undefined,
    period:
      first && last
        ? t.period({
            from: f.date(dayTime(first.date), { dateStyle: 'long', timeZone: 'UTC' }),
            to: f.date(dayTime(last.date), { dateStyle: 'long', timeZone: 'UTC' }),
          })
        : null,
  };
}

export function ReportPage({ subtitle, subject, days, back, children }: ReportPageProps) {
  const t = useStore(clientReportMessages);
  const f = useStore(format);
  const { agency, title, logo, period } = useReportBrand(days);
  const [prepared] = useState(() => Date.now());
  // White-labelled: the document (and the PDF saved from it) is named after the agency, not this product.
  const documentTitle = title ? t.documentTitle({ agency: title, subject }) : t.pageTitle({ subject });
  useEffect(() => {
    document.title = documentTitle;
  }, [documentTitle]);
  return (
    // Embedded, as tall as its content: the panel sizes the iframe to it, and a page
    // at least a window tall would keep the frame from ever shrinking.
    <div className="min-h-dvh bg-background embed:min-h-0 print:bg-white">
      <div className="mx-auto flex max-w-[180mm] flex-wrap items-center justify-between gap-2 px-4 py-3 print:hidden">
        {back}
        <div className="flex items-center gap-3">
          <p className="hidden text-xs text-muted-foreground sm:block">{t.printHint}</p>
          <Button size="sm" onClick={() => window.print()}>
            <PrinterIcon />
            {t.print}
          </Button>
        </div>
      </div>
      <main
        data-client-report
        id="main"
        className="mx-auto max-w-[180mm] bg-surface px-4 py-6 shadow-sm sm:px-8 print:p-0 print:shadow-none"
      >
        <header className="flex items-start justify-between gap-4 border-b-2 border-foreground pb-4 print:pb-2">
          <div className="min-w-0">
            {/* The agency's own text, isolated (<bdi>): on screen and on paper it reorders nothing around it. */}
            <p className="text-sm font-semibold break-words text-foreground" data-testid="agency-title">
              <bdi>{title}</bdi>
            </p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight text-foreground print:text-xl">{t.title}</h1>
            <p className="mt-1 text-base break-words text-foreground">{subtitle}</p>
            <p className="mt-2 text-sm text-muted-foreground">
              {period} · {t.prepared({ date: f.date(prepared, { dateStyle: 'long' }) })}
            </p>
          </div>
          {logo ? (
            <ReportLogo key={logo} src={logo} />
          ) : title ? null : (
            <ShieldIcon size={40} className="text-primary" />
          )}
        </header>
        <div className="mt-6 print:mt-3">{children}</div>
        {agency?.email ? (
          <footer className="mt-8 print:mt-4 border-t border-border pt-3 text-xs text-muted-foreground">
            <bdi>{title}</bdi> · {t.contact({ email: agency.email })}
            {agency.website ? (
              <>
                {' · '}
                <bdi>{agency.website}</bdi>
              </>
            ) : null}
            {agency.phone ? (
              <>
                {' · '}
                <bdi>{agency.phone}</bdi>
              </>
            ) : null}
          </footer>
        ) : null}
      </main>
    </div>
  );
}

/**
 * The head of each printed page after the first (a unit's report, one page
 * per site): the agency's title and logo and the period, on one line. Only
 * on paper: on screen the report's own header is above.
 */
export function ReportPageHead({ days }: { days: readonly FirewallDay[] }) {
  const t = useStore(clientReportMessages);
  const { title, logo, period } = useReportBrand(days);
  return (
    <div
      className="hidden items-center justify-between gap-3 border-b border-foreground pb-1 text-xs text-muted-foreground print:flex"
      data-testid="report-page-head"
    >
      <p className="min-w-0 break-words">
        {title ? (
          <span className="font-semibold text-foreground">
            <bdi>{title}</bdi> ·{' '}
          </span>
        ) : null}
        {t.title}
        {period ? ` · ${period}` : null}
      </p>
      {logo ? <ReportLogo key={logo} src={logo} small /> : null}
    </div>
  );
}

/** The agency's logo (decorative: its title is printed beside it); a broken image is left out, for the session. */
function ReportLogo({ src, small = false }: { src: string; small?: boolean }) {
  const [broken, setBroken] = useBrokenImage(src);
  if (broken) return null;
  return (
    <img
      src={src}
      alt=""
      referrerPolicy="no-referrer"
      className={small ? 'max-h-6 max-w-24 shrink-0 object-contain' : 'max-h-16 max-w-40 shrink-0 object-contain'}
      onError={setBroken}
    />
  );
}
