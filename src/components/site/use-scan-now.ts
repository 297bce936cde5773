import { useStore } from '@nanostores/react';
import { useCallback } from 'react';
import { isMethodError } from '../../api/error-catalogue';
import { useAccountId } from '../../data/account';
import { useScanWatcher } from '../../data/scan-watcher';
import { errorText } from '../../i18n/error-text';
import { toast } from '../../lib/toast-store';
import { sitesMessages } from './site-messages';
import { clearRowError, setRowError } from './row-errors';

/**
 * Scan now (docs/partner-api.md#site_scan): the row shows "scanning" until the watcher
 * sees the new report, then a toast says what it found. A refusal shows in the
 * row (146901 with the way to the sync file page) and as a toast. The toast is
 * raised from the watcher's promise, so it comes even when the user has moved on.
 * The returned promise settles when the scan has (never rejects: the failure is shown).
 */
export function useScanNow() {
  const watcher = useScanWatcher();
  const account = useAccountId();
  const t = useStore(sitesMessages);
  return useCallback(
    (domain: string): Promise<void> => {
      clearRowError(domain);
      return watcher.scan(domain, account).then(
        (outcome) => {
          if (outcome.kind === 'done') {
            const { threats } = outcome;
            toast({
              tone: threats > 0 ? 'error' : 'success',
              title: t.scanDone({ domain }),
              description: threats > 0 ? t.scanDoneThreats(threats) : t.scanDoneClean,
            });
          } else if (outcome.kind === 'timeout') {
            toast({ tone: 'info', title: t.scanTimeout({ domain }), description: t.scanTimeoutText });
          }
        },
        (error: unknown) => {
          setRowError(domain, { action: 'scan', error });
          const text = errorText(error);
          if (text.sessionEnded) return;
          const syncMissing = isMethodError(error, 'site_scan', 'notAvailable');
          toast({
            tone: 'error',
            title: t.scanFailed({ domain }),
            description: syncMissing ? `${t.syncMissing} ${t.syncMissingNext}` : `${text.message} ${text.next}`,
          });
        },
      );
    },
    [watcher, account, t],
  );
}
