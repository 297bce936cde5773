/** A short confirmation of a site's changed option, with Undo (the change back) where there is one. */
import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import type { SiteChange } from '../../data/sites';
import { toast } from '../../lib/toast-store';
import { sitesMessages, type SitesMessages } from './site-messages';
import { tableMessages } from './table-messages';

function valueWord(t: SitesMessages, change: SiteChange): string {
  switch (change.option) {
    case 'firewall':
      return change.value === 'enable' ? t.on : change.value === 'disable' ? t.off : t.removeConfirm;
    case 'autocleanup':
    case 'autopatching':
      return change.value === 1 ? t.on : t.off;
    case 'scanperiod': {
      const words = { month: t.periodMonth, week: t.periodWeek, day: t.periodDay, '0': t.periodOff };
      return words[change.value];
    }
    case 'permissions':
      return String(change.value);
  }
}

function optionWord(t: SitesMessages, change: SiteChange): string {
  const words: Record<SiteChange['option'], string> = {
    firewall: t.optionFirewall,
    autocleanup: t.optionCleanup,
    autopatching: t.optionPatching,
    scanperiod: t.optionPeriod,
    permissions: t.optionPermissions,
  };
  return words[change.option];
}

export function useConfirmChange(apply: (domain: string, change: SiteChange) => void) {
  const t = useStore(sitesMessages);
  const w = useStore(tableMessages);
  return useCallback(
    (domain: string, change: SiteChange, undo?: SiteChange) => {
      toast({
        tone: 'success',
        title: w.changed({ option: optionWord(t, change), domain, value: valueWord(t, change) }),
        ...(undo ? { action: { label: w.undo, onAction: () => apply(domain, undo) } } : {}),
      });
    },
    [t, w, apply],
  );
}
