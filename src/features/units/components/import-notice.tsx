/**
 * Offers, once, what this browser kept before the team's workspace did
 * (data/workspace-import.ts): Import or Dismiss; either way the browser's
 * copy is removed. Shown above every signed-in page until answered. When
 * sites' scan period was set goes to the workspace without a question.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button } from '../../../components/ui/button';
import { useAccountId } from '../../../data/account';
import {
  forgetLegacyMemory,
  legacyMemory,
  useImportLegacyMemory,
  useImportPeriodSet,
  type LegacyMemory,
} from '../../../data/workspace-import';
import { toast } from '../../../lib/toast-store';
import { unitsMessages } from '../messages';

export function ImportNotice() {
  const account = useAccountId();
  if (account === undefined || account === 'key') return null;
  return <Offer key={account} account={account} />;
}

function Offer({ account }: { account: string }) {
  const t = useStore(unitsMessages);
  const [memory, setMemory] = useState<LegacyMemory | null>(() => legacyMemory(account));
  const importing = useImportLegacyMemory(account);
  useImportPeriodSet(account);
  if (memory === null) return null;
  return (
    <Alert tone="info" role="region" aria-label={t.importTitle} className="mx-auto mb-4 max-w-7xl space-y-2">
      <p className="font-semibold">{t.importTitle}</p>
      <p>
        {t.importText(memory.units.length)}
        {memory.patching + memory.syncMissing > 0 ? ` ${t.importNotKept}` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={importing.isPending}
          onClick={() =>
            importing.mutate(memory, {
              onSuccess: () => {
                setMemory(null);
                toast({ tone: 'success', title: t.imported(memory.units.length) });
              },
            })
          }
        >
          {t.importButton}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={importing.isPending}
          onClick={() => {
            forgetLegacyMemory(account);
            setMemory(null);
          }}
        >
          {t.importDismiss}
        </Button>
      </div>
      {importing.isError ? <ApiErrorAlert error={importing.error} /> : null}
    </Alert>
  );
}
