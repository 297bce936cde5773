/**
 * What a site's controls do, provided once for a table (or the site page), so
 * each row does not carry its own mutations and dialogs: options, scan now,
 * unshare, and the dialogs that ask first (remove firewall, delete, share,
 * permissions), rendered once.
 */
import { useStore } from '@nanostores/react';
import { createContext, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { ApiErrorAlert } from '../ui/api-error-alert';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { useAccountId } from '../../data/account';
import { useUnavailableOptions } from '../../data/site-memory';
import { useDeleteSite, useSetSiteOption, useShareSites, useUnshareSite } from '../../data/site-mutations';
import type { SiteOption } from '../../api/registry/sites';
import type { Site, SiteChange } from '../../data/sites';
import { toast } from '../../lib/toast-store';
import { siteDialogMessages } from './site-dialog-messages';
import { optionWord, sitesMessages } from './site-messages';
import { clearRowError, setRowError } from './row-errors';
import { ServiceRefusal } from './service-refusal';
import { useScanNow } from './use-scan-now';
import { PermissionsDialog } from './permissions-dialog';
import { useConfirmChange } from './use-confirm-change';
import { ShareDialog } from './share-dialog';

export type SiteRequest = 'removeFirewall' | 'delete' | 'share' | 'permissions';

export interface SiteActions {
  account: string | undefined;
  /** The options this account's key was refused (145904): read once here, not by every row's switches. */
  unavailable: readonly SiteOption[];
  /** The unit whose sites are shown, when the view is one unit's (unshare needs it). */
  unit: string | undefined;
  /** Changes an option; `undo` (the change back) makes its confirmation offer Undo. */
  setOption: (domain: string, change: SiteChange, undo?: SiteChange) => void;
  scan: (domain: string) => void;
  unshare: (domain: string, unit: string) => void;
  /** Opens the dialog that asks first. */
  ask: (request: SiteRequest, site: Site) => void;
}

const SiteActionsContext = createContext<SiteActions | null>(null);

export function useSiteActions(): SiteActions {
  const actions = use(SiteActionsContext);
  if (!actions) throw new Error('useSiteActions() needs a <SiteActionsProvider> above it');
  return actions;
}

interface ProviderProps {
  unit?: string | undefined;
  /** After a site was deleted (the site page goes back to the list). */
  onDeleted?: (domain: string) => void;
  /** As a site's option is changed (the table keeps its row in view until the user moves on). */
  onChanged?: (domain: string) => void;
  children: ReactNode;
}

export function SiteActionsProvider({ unit, onDeleted, onChanged, children }: ProviderProps) {
  const t = useStore(sitesMessages);
  const d = useStore(siteDialogMessages);
  const account = useAccountId();
  const unavailable = useUnavailableOptions(account);
  const set = useSetSiteOption({
    onError: ({ error, refused }, { domain, change }) => {
      // Not a failure to retry: the option shows as unavailable in every row from now on.
      if (refused) {
        toast({
          tone: 'info',
          title: t.unavailableToast({ option: optionWord(t, change.option) }),
          description: t.unavailable,
        });
        return;
      }
      setRowError(domain, { action: change.option, error });
    },
  });
  // Made once (set.mutate is stable): a new function each render made `actions` new each render, and
  // every row's controls rendered again with the page (five times a sort).
  const { mutate } = set;
  const apply = useCallback((domain: string, change: SiteChange) => mutate({ domain, change }), [mutate]);
  const confirmChange = useConfirmChange(apply);
  const remove = useDeleteSite();
  const share = useShareSites();
  const unshare = useUnshareSite();
  const scan = useScanNow();
  const [asked, setAsked] = useState<{ request: SiteRequest; site: Site } | null>(null);
  // The failure of the dialog's own attempt (the dialog stays open and says why).
  const [failure, setFailure] = useState<unknown>(null);
  const close = () => {
    setAsked(null);
    setFailure(null);
  };
  const attempt = (action: () => Promise<unknown>) => async () => {
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(error);
      throw error;
    }
  };

  const actions = useMemo<SiteActions>(
    () => ({
      account,
      unavailable,
      unit,
      setOption: (domain, change, undo) => {
        clearRowError(domain);
        onChanged?.(domain);
        set.mutate({ domain, change }, { onSuccess: () => confirmChange(domain, change, undo) });
      },
      scan,
      unshare: (domain, from) => {
        clearRowError(domain);
        unshare.mutate(
          { unit: from, domain },
          {
            onSuccess: () => toast({ tone: 'success', title: d.unshared({ domain, unit: from }) }),
            onError: (error) => setRowError(domain, { action: 'unshare', error }),
          },
        );
      },
      ask: (request, site) => setAsked({ request, site }),
    }),
    // The mutation objects change every render; their mutate functions are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [account, unavailable, unit, scan, set.mutate, unshare.mutate, d, onChanged, confirmChange],
  );

  const site = asked?.site;
  return (
    <SiteActionsContext value={actions}>
      {children}
      {site && asked.request === 'removeFirewall' ? (
        <ConfirmDialog
          open
          onOpenChange={close}
          title={t.removeTitle({ domain: site.domain })}
          description={t.removeText}
          confirmLabel={t.removeConfirm}
          onConfirm={attempt(async () => {
            await set.mutateAsync({ domain: site.domain, change: { option: 'firewall', value: 'remove' } });
            toast({ tone: 'success', title: t.removed({ domain: site.domain }) });
          })}
        >
          {failure ? <ApiErrorAlert error={failure} /> : null}
        </ConfirmDialog>
      ) : null}
      {site && asked.request === 'delete' ? (
        <ConfirmDialog
          open
          onOpenChange={close}
          title={t.deleteTitle({ domain: site.domain })}
          description={t.deleteText}
          confirmLabel={t.deleteConfirm}
          onConfirm={attempt(async () => {
            await remove.mutateAsync({ domain: site.domain });
            toast({ tone: 'success', title: t.deleted({ domain: site.domain }) });
            onDeleted?.(site.domain);
          })}
        >
          {failure ? <ApiErrorAlert error={failure} /> : null}
        </ConfirmDialog>
      ) : null}
      {site && asked.request === 'share' ? (
        <ShareDialog
          open
          onOpenChange={close}
          title={d.shareTitle({ domain: site.domain })}
          onSubmit={async (to) => {
            const failed = await share.mutateAsync({ unit: to, domains: [site.domain] });
            const refusal = failed.get(site.domain);
            if (refusal !== undefined) throw new ServiceRefusal(refusal);
            toast({ tone: 'success', title: d.shared({ unit: to }), description: d.sharedCount(1) });
          }}
        />
      ) : null}
      {site && asked.request === 'permissions' ? (
        <PermissionsDialog
          domain={site.domain}
          value={site.permissions}
          onOpenChange={close}
          onSave={(value) => set.mutateAsync({ domain: site.domain, change: { option: 'permissions', value } })}
        />
      ) : null}
    </SiteActionsContext>
  );
}
