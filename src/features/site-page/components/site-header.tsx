/**
 * The site page's header: the domain (and its
 * punycode), status, dates, the same option controls as the table row, scan
 * now with progress, "Open in full dashboard" and delete.
 */
import { useStore } from '@nanostores/react';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ExternalLinkIcon, ShieldIcon } from '../../../components/ui/icons';
import { PrinterIcon } from '../../../components/reports/printer-icon';
import { TrashIcon } from '../../../components/ui/more-icons';
import { Progress } from '../../../components/ui/progress';
import { useScanning } from '../../../data/scan-watcher';
import type { Site } from '../../../data/sites';
import { useSiteCustomer } from '../../../data/workspace';
import type { SiteOption } from '../../../api/registry/sites';
import { format } from '../../../i18n/format';
import { useApi } from '../../../lib/api-context';
import { openBlankTab, sendTabToDashboard } from '../../../lib/open-dashboard';
import { optionLabel, sitesMessages } from '../../../components/site/site-messages';
import { sitePageMessages } from '../messages';
import { ScanNowButton } from '../../../components/site/scan-now-button';
import { Breakable } from '../../../components/ui/breakable';
import { OPTION_CONTROLS, PatchingSetBy } from '../../../components/site/option-controls';
import { RowErrorNote, ScanTime, StatusBadge } from '../../../components/site/site-cells';
import { useSiteActions } from '../../../components/site/site-actions';

export function SiteHeader({ site, unit }: { site: Site; unit?: string | undefined }) {
  const p = useStore(sitePageMessages);
  const f = useStore(format);
  const t = useStore(sitesMessages);
  return (
    <div className="space-y-4">
      <Link to="/sites" className="text-sm text-link underline underline-offset-2">
        {p.backToSites}
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight break-words text-foreground">{site.domain}</h1>
          {site.host !== site.domain ? (
            <p className="text-sm break-words text-muted-foreground">{p.punycode({ host: site.host })}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <ScanNowButton site={site} />
          <PrintReportLink site={site} unit={unit} />
          <OpenDashboardButton />
          <DeleteSiteButton site={site} />
        </div>
      </div>
      <RowErrorNote domain={site.domain} />
      <ScanProgress site={site} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Fact label={p.status}>
          <StatusBadge site={site} />
        </Fact>
        <Fact label={p.lastScan}>
          <ScanTime seconds={site.scanreport?.date} empty={t.never} />
        </Fact>
        <Fact label={p.nextScan}>
          <ScanTime seconds={site.nextscan} empty={t.noNextScan} />
        </Fact>
        <Fact label={p.added}>{f.unixTime(site.adddate)}</Fact>
        <Fact label={p.customer}>
          <SiteCustomer domain={site.domain} />
        </Fact>
      </dl>
      <SiteOptions site={site} />
    </div>
  );
}

/** The customer the site is shared with, as the team's workspace knows it (docs/workspace.md). */
function SiteCustomer({ domain }: { domain: string }) {
  const p = useStore(sitePageMessages);
  const customer = useSiteCustomer(domain);
  return customer ? (
    <span className="break-words">
      <Breakable text={customer} />
    </span>
  ) : (
    <span className="text-muted-foreground">{p.noCustomer}</span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm text-foreground">{children}</dd>
    </div>
  );
}

/** The options, as in the table row, each with its visible label, its control beside it and what it does. */
function SiteOptions({ site }: { site: Site }) {
  const p = useStore(sitePageMessages);
  const t = useStore(sitesMessages);
  const { ask } = useSiteActions();
  const help: Record<SiteOption, string> = {
    firewall: p.firewallHelp,
    autocleanup: p.cleanupHelp,
    autopatching: p.patchingHelp,
    scanperiod: p.periodHelp,
    permissions: p.permissionsHelp,
  };
  return (
    <Card className="p-4">
      <h2 className="text-base font-semibold">{p.options}</h2>
      <div className="mt-2">
        {OPTION_CONTROLS.map(({ option, Control }) => (
          <OptionRow key={option} label={optionLabel(t, option)} help={help[option]}>
            <Control site={site} className="min-w-36" />
            {option === 'firewall' ? (
              <Button variant="link" size="inline" onClick={() => ask('removeFirewall', site)}>
                {t.removeFirewall}
              </Button>
            ) : null}
            {option === 'autopatching' ? <PatchingSetBy site={site} /> : null}
          </OptionRow>
        ))}
      </div>
    </Card>
  );
}

/** One option: its name with the control right after it, and a line on what it does (the group's description). */
function OptionRow({ label, help, children }: { label: string; help: string; children: ReactNode }) {
  const labelId = useId();
  const helpId = useId();
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={helpId}
      className="border-b border-border py-2 last:border-b-0"
    >
      <div className="flex min-h-9 flex-wrap items-center gap-x-4 gap-y-1">
        <span id={labelId} className="text-sm font-medium text-foreground sm:w-48">
          {label}
        </span>
        <span className="flex flex-wrap items-center gap-x-4 gap-y-1">{children}</span>
      </div>
      <p id={helpId} className="mt-0.5 text-xs text-muted-foreground sm:pl-52">
        {help}
      </p>
    </div>
  );
}

/** While a scan started here runs: an indeterminate bar (the API reports no progress). */
function ScanProgress({ site }: { site: Site }) {
  const p = useStore(sitePageMessages);
  const scanning = useScanning()[site.domain] !== undefined;
  if (!scanning) return null;
  return (
    <div className="space-y-1">
      <Progress value={null} label={p.scanning({ domain: site.domain })} />
      <p className="text-xs text-muted-foreground">{p.scanningHint}</p>
    </div>
  );
}

/** The printable client report (/sites/<domain>/report), in this tab: it has its own Print button and a way back. */
function PrintReportLink({ site, unit }: { site: Site; unit?: string | undefined }) {
  const p = useStore(sitePageMessages);
  return (
    <Link
      to="/sites/$domain/report"
      params={{ domain: site.domain }}
      search={unit === undefined ? {} : { unit }}
      className={buttonVariants({ variant: 'secondary' })}
    >
      <PrinterIcon />
      {p.printReport}
    </Link>
  );
}

function DeleteSiteButton({ site }: { site: Site }) {
  const t = useStore(sitesMessages);
  const { ask } = useSiteActions();
  return (
    <Button variant="secondary" className="text-danger-text" onClick={() => ask('delete', site)}>
      <TrashIcon />
      {t.deleteSite}
    </Button>
  );
}

/**
 * The `dashboard` login URL (docs/partner-api.md#dashboard, valid 24 hours) opened in a new tab,
 * never written into the page (src/lib/open-dashboard.ts).
 */
function OpenDashboardButton() {
  const p = useStore(sitePageMessages);
  const api = useApi();
  const open = useMutation({ mutationFn: (tab: Window | null) => sendTabToDashboard(api, tab) });
  return (
    <>
      <Button variant="secondary" disabled={open.isPending} onClick={() => open.mutate(openBlankTab())}>
        <ExternalLinkIcon />
        {open.isPending ? p.openingDashboard : p.openDashboard}
      </Button>
      {open.isError ? (
        <ApiErrorAlert error={open.error} title={p.dashboardFailed} className="basis-full" />
      ) : open.data && !open.data.opened ? (
        <Alert tone="info" className="basis-full">
          {p.tabBlocked}{' '}
          <Button size="sm" variant="secondary" onClick={() => open.mutate(openBlankTab())}>
            <ShieldIcon />
            {p.openHere}
          </Button>
        </Alert>
      ) : null}
    </>
  );
}

export function SiteNotFound({ domain, reading }: { domain: string; reading: boolean }) {
  const p = useStore(sitePageMessages);
  return (
    <Card className="mx-auto max-w-lg p-6" role="alert">
      <h1 className="text-xl font-semibold text-foreground">{p.notFoundTitle}</h1>
      <p className="mt-2 break-words text-foreground">
        {reading ? p.notFoundReading({ domain }) : p.notFoundText({ domain })}
      </p>
      <Link to="/sites" className={`${buttonVariants()} mt-4`}>
        {p.backToSites}
      </Link>
    </Card>
  );
}
