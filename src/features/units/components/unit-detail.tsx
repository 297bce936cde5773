import { useStore } from '@nanostores/react';
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { isMethodError } from '../../../api/error-catalogue';
import { PrinterIcon } from '../../../components/reports/printer-icon';
import { Alert } from '../../../components/ui/alert';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button, buttonVariants, type ButtonProps } from '../../../components/ui/button';
import { WithBreakable } from '../../../components/ui/breakable';
import { Card } from '../../../components/ui/card';
import { LoadingStatus } from '../../../components/ui/spinner';
import { useUnshareSite } from '../../../data/site-mutations';
import { useSitesQuery } from '../../../data/sites';
import { useForgetUnit, useUnitCheck } from '../../../data/units';
import { toast } from '../../../lib/toast-store';
import { unitsMessages } from '../messages';
import { DeleteUnitDialog } from './delete-unit-dialog';
import { RenameUnitDialog } from './rename-unit-dialog';
import { ShareSitesDialog } from './share-sites-dialog';

interface UnitDetailProps {
  unit: string;
  /** The unit left the directory (deleted, forgotten). */
  onGone: () => void;
  onRenamed: (to: string) => void;
  /** Chosen by the user on this page: the heading takes the focus when shown (and comes into view). */
  takeFocus?: boolean;
}

/** One unit: its sites (sites_list?unit=), unshare, rename, delete, share more. */
export function UnitDetail({ unit, onGone, onRenamed, takeFocus = false }: UnitDetailProps) {
  const t = useStore(unitsMessages);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAtFirst = useRef(takeFocus);
  useEffect(() => {
    if (focusAtFirst.current) heading.current?.focus();
  }, []);
  const sites = useSitesQuery(unit);
  // Its answer goes to the team's workspace (the unit's count, its sites' customer).
  useUnitCheck(unit);
  const unshare = useUnshareSite();
  const [dialog, setDialog] = useState<'rename' | 'delete' | 'share' | null>(null);
  const waitingId = useId();
  const unknown = isMethodError(sites.error, 'sites_list', 'unitNotFound');
  const list = sites.data ?? [];
  // Sharing offers the sites not yet shared with the unit, deleting counts its sites: both wait for the list.
  const untilCounted = sites.data ? {} : { disabled: true, title: t.waitingForSites, 'aria-describedby': waitingId };

  return (
    <Card className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold break-words">
            <WithBreakable words={t.unitSites({ unit })} text={unit} />
          </h2>
          {sites.data ? <p className="text-sm text-muted-foreground">{t.siteCount(list.length)}</p> : null}
        </div>
        {!unknown ? (
          <div className="flex flex-wrap gap-2">
            <Link
              to="/units/$email/report"
              params={{ email: unit }}
              className={buttonVariants({ variant: 'secondary', size: 'sm' })}
            >
              <PrinterIcon />
              {t.printReport}
            </Link>
            <Link to="/sites" search={{ unit }} className={buttonVariants({ variant: 'secondary', size: 'sm' })}>
              {t.openInSites}
            </Link>
          </div>
        ) : null}
      </div>

      {unknown ? (
        <Alert tone="warning">
          <p>{t.notOnService}</p>
          <ForgetButton unit={unit} onGone={onGone} variant="secondary" className="mt-3" />
        </Alert>
      ) : sites.isError ? (
        <ApiErrorAlert error={sites.error} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" {...untilCounted} onClick={() => setDialog('share')}>
            {t.shareMore}
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setDialog('rename')}>
            {t.rename}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            className="text-danger-text"
            {...untilCounted}
            onClick={() => setDialog('delete')}
          >
            {t.delete}
          </Button>
          {sites.data ? null : (
            <span id={waitingId} className="sr-only">
              {t.waitingForSites}
            </span>
          )}
          <ForgetButton unit={unit} onGone={onGone} variant="secondary" />
        </div>
      )}

      {sites.isPending ? (
        <LoadingStatus>{t.loading}</LoadingStatus>
      ) : sites.data && list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t.noSites}</p>
      ) : sites.data ? (
        <ul className="divide-y divide-border rounded-md border border-border" aria-label={t.unitSites({ unit })}>
          {list.map((site) => (
            <li key={site.domain} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <Link
                  to="/sites/$domain"
                  params={{ domain: site.domain }}
                  search={{ unit }}
                  className="block truncate font-medium text-foreground hover:text-link hover:underline"
                >
                  {site.domain}
                </Link>
                {site.host !== site.domain ? (
                  <span className="block truncate text-xs text-muted-foreground">{site.host}</span>
                ) : null}
              </div>
              <Button
                size="sm"
                variant="secondary"
                aria-label={t.unshare({ domain: site.domain, unit })}
                onClick={() =>
                  unshare.mutate(
                    { unit, domain: site.domain },
                    { onSuccess: () => toast({ tone: 'success', title: t.unshared({ domain: site.domain, unit }) }) },
                  )
                }
              >
                {t.unshareShort}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {unshare.isError ? <ApiErrorAlert error={unshare.error} /> : null}

      <RenameUnitDialog
        open={dialog === 'rename'}
        unit={unit}
        onOpenChange={(open) => setDialog(open ? 'rename' : null)}
        onRenamed={onRenamed}
      />
      <DeleteUnitDialog
        open={dialog === 'delete' && sites.data !== undefined}
        unit={unit}
        domains={list.map((s) => s.domain)}
        onOpenChange={(open) => setDialog(open ? 'delete' : null)}
        onDeleted={onGone}
      />
      <ShareSitesDialog
        open={dialog === 'share'}
        unit={unit}
        shared={list.map((s) => s.domain)}
        onOpenChange={(open) => setDialog(open ? 'share' : null)}
      />
    </Card>
  );
}

/**
 * Removes the unit from the team's list of customers; the service is not
 * changed. Offered beside the unit's actions, and in the warning when the
 * service no longer knows the unit.
 */
function ForgetButton({
  unit,
  onGone,
  ...props
}: Pick<UnitDetailProps, 'unit' | 'onGone'> & Pick<ButtonProps, 'variant' | 'className'>) {
  const t = useStore(unitsMessages);
  const forget = useForgetUnit();
  return (
    <Button
      size="sm"
      title={t.forgetHint}
      onClick={() => {
        forget.mutate(unit);
        onGone();
      }}
      {...props}
    >
      {t.forget}
    </Button>
  );
}
