import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { FleetRefreshError } from '../../../components/fleet/fleet-freshness';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { LoadingStatus, Spinner } from '../../../components/ui/spinner';
import { useAgency } from '../../../data/agency';
import { useShareSites } from '../../../data/site-mutations';
import { firstReadFailed, pollWhileReading } from '../../../data/fleet-reading';
import { useRefreshFleet } from '../../../data/fleet-refresh';
import { WORKSPACE_KEY } from '../../../data/workspace';
import { useWorkspaceClient } from '../../../data/workspace-client';
import { commonMessages } from '../../../i18n/common-messages';
import { format } from '../../../i18n/format';
import { toast } from '../../../lib/toast-store';
import { unitsMessages } from '../messages';
import { unitShareMessages } from '../share-messages';

/** The customer a site is shared with now (sharing it here moves it), as the team's workspace knows it. */
function CurrentCustomer({ customer }: { customer: string | undefined }) {
  const t = useStore(unitsMessages);
  if (customer === undefined) return null;
  return <span className="block text-xs text-muted-foreground">{t.sharedNowWith({ unit: customer })}</span>;
}

interface ShareSitesDialogProps {
  open: boolean;
  unit: string;
  /** Sites already shared with the unit (not offered). */
  shared: readonly string[];
  onOpenChange: (open: boolean) => void;
}

/** At most this many matching sites are drawn at once (an account of 100,000 sites would draw them all). */
const SHARE_SHOWN = 200;
const SHAREABLE_KEY = [...WORKSPACE_KEY, 'fleet', 'shareable'] as const;

/**
 * The sites that can be shared with `unit` matching `search`, by name, from the server's read model
 * (docs/workspace.md#the-read-model): the first SHARE_SHOWN and how many match, each with its
 * customer, instead of the whole account's sites_list and customer map.
 */
function useShareable(unit: string, search: string, open: boolean) {
  const workspace = useWorkspaceClient();
  return useQuery({
    queryKey: [...SHAREABLE_KEY, unit, search] as const,
    queryFn: () =>
      workspace.fleet.sites({ except: unit, sort: 'domain', limit: SHARE_SHOWN, ...(search ? { q: search } : {}) }),
    enabled: open,
    // A new search keeps the list shown until its answer is in.
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileReading(),
  });
}

/** Share more of the account's sites with a unit (sites_add with share, docs/partner-api.md#lifecycle; needs the agency record). */
export function ShareSitesDialog({ open, unit, shared, onOpenChange }: ShareSitesDialogProps) {
  const t = useStore(unitsMessages);
  const s = useStore(unitShareMessages);
  const common = useStore(commonMessages);
  const f = useStore(format);
  const agency = useAgency();
  const share = useShareSites();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set());
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());
  const deferred = useDeferredValue(query.trim().toLowerCase());
  const shareable = useShareable(unit, deferred, open);
  // Before the server's first read of the fleet, nothing is known to offer: loading, not "none"; or why
  // that read failed, with Try again.
  const sites = shareable.data && shareable.data.asOf !== null ? shareable.data : undefined;
  const retry = useRefreshFleet(SHAREABLE_KEY);
  // The service's own list of the unit's sites is the truth: the team's map may be behind it.
  const matches = useMemo(() => {
    const already = new Set(shared);
    return (sites?.rows ?? []).filter((site) => !already.has(site.domain));
  }, [sites, shared]);
  const total = (sites?.total ?? 0) - ((sites?.rows.length ?? 0) - matches.length);

  const close = () => {
    setQuery('');
    setChosen(new Set());
    setRefused(new Map());
    share.reset();
    onOpenChange(false);
  };
  const submit = () => {
    const domains = [...chosen];
    share.mutate(
      { unit, domains },
      {
        onSuccess: (failed) => {
          const done = domains.length - failed.size;
          if (done > 0) toast({ tone: 'success', title: t.shared(done) });
          if (failed.size === 0) close();
          else {
            setRefused(failed);
            setChosen(new Set(failed.keys()));
          }
        },
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent title={t.shareTitle({ unit })} description={t.shareText} width="lg">
        {shareable.data && firstReadFailed(shareable.data) ? (
          <FleetRefreshError freshness={shareable.data} onRetry={retry} />
        ) : agency.isPending || (sites === undefined && !shareable.isError) ? (
          <LoadingStatus>{t.loading}</LoadingStatus>
        ) : agency.data === null ? (
          <Alert tone="warning">
            <p className="font-semibold">{s.needsAgencyTitle}</p>
            <p className="mt-1">{s.needsAgencyText}</p>
            <Link to="/agency" className={`${buttonVariants({ variant: 'secondary', size: 'sm' })} mt-3`}>
              {s.agencyLink}
            </Link>
          </Alert>
        ) : (
          <div className="space-y-3">
            <Input
              type="search"
              aria-label={t.shareSearch}
              placeholder={t.shareSearch}
              value={query}
              onChange={(e) => setQuery(e.currentTarget.value)}
            />
            {shareable.isError && sites === undefined ? (
              <ApiErrorAlert error={shareable.error} />
            ) : matches.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t.shareNone}</p>
            ) : (
              <ul
                aria-label={t.shareListLabel}
                className="max-h-72 divide-y divide-border overflow-y-auto rounded-md border border-border"
              >
                {matches.map((site) => (
                  // The browser skips laying out the ones out of view.
                  <li
                    key={site.domain}
                    className="px-3 py-2 [contain-intrinsic-size:auto_2.25rem] [content-visibility:auto]"
                  >
                    <label className="flex cursor-pointer items-center gap-3 text-sm">
                      <input
                        type="checkbox"
                        className="size-4 accent-primary"
                        checked={chosen.has(site.domain)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked;
                          setChosen((current) => {
                            const next = new Set(current);
                            if (on) next.add(site.domain);
                            else next.delete(site.domain);
                            return next;
                          });
                        }}
                      />
                      <span className="min-w-0 flex-1 break-all">
                        {site.domain}
                        <CurrentCustomer customer={site.unit ?? undefined} />
                      </span>
                    </label>
                    {refused.has(site.domain) ? (
                      <p className="mt-1 text-xs text-danger-text">
                        {t.shareRefused}: {refused.get(site.domain)}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {total > matches.length ? (
              <p className="text-sm text-muted-foreground">
                {t.shareShowing({ shown: f.integer(matches.length), total: f.integer(total) })}
              </p>
            ) : null}
            <p className="text-sm font-medium" role="status">
              {t.shareSelected(chosen.size)}
            </p>
            {share.isError ? <ApiErrorAlert error={share.error} /> : null}
          </div>
        )}
        <DialogFooter>
          <Button variant="secondary" onClick={close}>
            {common.cancel}
          </Button>
          <Button onClick={submit} disabled={chosen.size === 0 || share.isPending || agency.data === null}>
            {share.isPending ? <Spinner /> : null}
            {t.shareSubmit(chosen.size)}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
