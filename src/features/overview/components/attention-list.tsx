import { useStore } from '@nanostores/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useKeepFocus } from '../../../lib/use-keep-focus';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAccountId } from '../../../data/account';
import { useWorkspaceClient } from '../../../data/workspace-client';
import { useScanning, useSyncFileMissing } from '../../../data/scan-watcher';
import { useSetSiteOption } from '../../../data/site-mutations';
import type { SiteChange } from '../../../data/sites';
import { format } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { RowErrorNote } from '../../../components/site/site-cells';
import { overviewMessages } from '../messages';
import { clearRowError, setRowError } from '../../../components/site/row-errors';
import { useScanNow } from '../../../components/site/use-scan-now';
import { FLEET_KEY, fleetQueryOptions } from '../fleet-query';
import { fixFor, type AttentionSite, type FixAction, type Problem } from '../fleet-summary';

type Messages = ReturnType<typeof overviewMessages.get>;

function problemText(t: Messages, problem: Problem, site: AttentionSite): string {
  switch (problem) {
    case 'incurable':
      return t.problemIncurable(site.threats);
    case 'infected':
      return t.problemInfected(site.threats);
    case 'suspicious':
      return t.problemSuspicious;
    case 'errors':
      return t.problemErrors;
    case 'never':
      return t.problemNever;
    case 'overdue':
      return t.problemOverdue;
    case 'firewallOff':
      return t.problemFirewallOff;
  }
}

const SEVERE: ReadonlySet<Problem> = new Set(['incurable', 'infected']);

/** How many are shown until the user asks for all. */
const ATTENTION_SHOWN = 10;

interface AttentionListProps {
  sites: readonly AttentionSite[];
  total: number;
  /** When the figures were computed (UNIX seconds). */
  now: number;
}

/**
 * "Needs attention": the worst sites first, each with the one action that fixes its worst problem.
 * The first few, and all on request (asked of the server then; focus goes to the first one added).
 */
export function AttentionList({ sites, total, now }: AttentionListProps) {
  const t = useStore(overviewMessages);
  const f = useStore(format);
  const account = useAccountId();
  const syncMissing = new Set(useSyncFileMissing(account));
  const [all, setAll] = useState(false);
  const every = useQuery({ ...fleetQueryOptions(useWorkspaceClient(), true), enabled: all });
  const list = useRef<HTMLOListElement>(null);
  // A site fixed leaves the list at the next read: the focus its button had goes to the next site.
  const box = useKeepFocus();
  // "Show all" was pressed: once the whole list is in, focus goes to the first site it added.
  const focusAdded = useRef(false);
  const allSites = all ? every.data?.attention : undefined;
  useEffect(() => {
    if (!focusAdded.current || allSites === undefined) return;
    focusAdded.current = false;
    list.current?.children[ATTENTION_SHOWN]?.querySelector('a')?.focus();
  }, [allSites]);
  if (sites.length === 0)
    return (
      <div ref={box}>
        <p className="text-sm text-muted-foreground">{t.attentionNone}</p>
      </div>
    );
  const shown = allSites ?? sites.slice(0, ATTENTION_SHOWN);
  const showAll = () => {
    focusAdded.current = true;
    setAll(true);
  };
  const loadingAll = all && allSites === undefined;
  return (
    <div ref={box}>
      <ol ref={list} className="divide-y divide-border">
        {shown.map((site) => (
          <AttentionItem key={site.domain} site={site} action={fixFor(site, now, syncMissing.has(site.domain))} />
        ))}
      </ol>
      {total > ATTENTION_SHOWN ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="text-xs text-muted-foreground">
            {allSites
              ? t.attentionAll({ total: f.integer(total) })
              : t.attentionOf({ shown: f.integer(shown.length), total: f.integer(total) })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            aria-disabled={loadingAll}
            onClick={allSites ? () => setAll(false) : loadingAll ? undefined : showAll}
          >
            {loadingAll ? <Spinner className="size-3" /> : null}
            {allSites
              ? t.attentionShowFewer({ shown: f.integer(ATTENTION_SHOWN) })
              : t.attentionShowAll({ total: f.integer(total) })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function AttentionItem({ site, action }: { site: AttentionSite; action: FixAction }) {
  const t = useStore(overviewMessages);
  const [first, ...also] = site.problems;
  return (
    <li className="py-3 first:pt-0 last:pb-0" data-focus-item={site.domain}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1 basis-48">
          <Link
            to="/sites/$domain"
            params={{ domain: site.domain }}
            className="font-medium break-all text-link underline-offset-2 hover:underline"
          >
            {site.domain}
          </Link>
          {first ? (
            <p className={cn('text-sm font-medium', SEVERE.has(first) ? 'text-danger-text' : 'text-warning-text')}>
              {problemText(t, first, site)}
            </p>
          ) : null}
          {also.length > 0 ? (
            <p className="text-xs text-muted-foreground">
              {t.alsoLabel} {also.map((p) => problemText(t, p, site)).join(', ')}
            </p>
          ) : null}
          {first === 'incurable' ? <p className="text-xs text-muted-foreground">{t.hintIncurable}</p> : null}
          {action === 'syncFile' ? <p className="text-xs text-muted-foreground">{t.hintSyncFile}</p> : null}
        </div>
        <FixButton key={action} domain={site.domain} action={action} />
      </div>
      <RowErrorNote domain={site.domain} />
    </li>
  );
}

function FixButton({ domain, action }: { domain: string; action: FixAction }) {
  const t = useStore(overviewMessages);
  const client = useQueryClient();
  const scanning = useScanning()[domain] !== undefined;
  const scanNow = useScanNow();
  const [done, setDone] = useState(false);
  const set = useSetSiteOption({
    onError: (error, { change }) => setRowError(domain, { action: change.option, error }),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: FLEET_KEY });

  if (action === 'syncFile') {
    return (
      <Link
        to="/sync-file"
        data-focus-control="fix"
        aria-label={t.actionSyncFileFor({ domain })}
        className={buttonVariants({ variant: 'secondary', size: 'sm' })}
      >
        {t.actionSyncFile}
      </Link>
    );
  }
  if (action === 'scan') {
    return (
      <Button
        variant="secondary"
        size="sm"
        data-focus-control="fix"
        aria-label={scanning ? t.actionScanningFor({ domain }) : t.actionScanFor({ domain })}
        unavailable={scanning}
        onClick={() => void scanNow(domain).then(refresh)}
      >
        {scanning ? <Spinner className="size-3" /> : null}
        {scanning ? t.scanStarted : t.actionScan}
      </Button>
    );
  }
  const change: SiteChange =
    action === 'enableFirewall' ? { option: 'firewall', value: 'enable' } : { option: 'autocleanup', value: 1 };
  // Focused in place of the button it replaces (useKeepFocus), so a keyboard user hears it and stays here.
  if (done)
    return (
      <span data-focus-control="fix" tabIndex={-1} className="text-sm font-medium text-success-text">
        {t.actionDone}
        <span className="sr-only">
          {': '}
          {action === 'enableFirewall' ? t.doneFirewallFor({ domain }) : t.doneCleanupFor({ domain })}
        </span>
      </span>
    );
  return (
    <Button
      variant="secondary"
      size="sm"
      data-focus-control="fix"
      aria-label={action === 'enableFirewall' ? t.actionFirewallFor({ domain }) : t.actionCleanupFor({ domain })}
      unavailable={set.isPending}
      onClick={() => {
        clearRowError(domain);
        set.mutate(
          { domain, change },
          {
            onSuccess: () => {
              setDone(true);
              refresh();
            },
          },
        );
      }}
    >
      {set.isPending ? <Spinner className="size-3" /> : null}
      {action === 'enableFirewall' ? t.actionFirewall : t.actionCleanup}
    </Button>
  );
}
