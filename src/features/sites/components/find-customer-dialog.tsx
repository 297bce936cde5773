/**
 * The Customer filter's way to one customer in a directory too large to list
 * in a select (more than CUSTOMER_CHOICES_MAX: about 16,000 at 100,000 sites):
 * a search of the team's directory on the server (`GET /workspace/units?q`),
 * the first matches with their site counts. Choosing one shows its sites
 * (`unit=`), as choosing it in the select does.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FindInList } from '../../../components/ui/find-in-list';
import { useAccountId } from '../../../data/account';
import { normalEmail, useFoundUnits } from '../../../data/units-directory';
import { format } from '../../../i18n/format';
import { FIND_REST_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { sitesToolbarMessages } from '../toolbar-messages';

/** The directory size up to which the Customer filter lists every customer in its select. */
export const CUSTOMER_CHOICES_MAX = 200;

/** Customers one search lists at most (the others are found by typing more). */
const FOUND_SHOWN = 50;

export function FindCustomerDialog({
  open,
  onOpenChange,
  onChoose,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A customer chosen: its e-mail. */
  onChoose: (email: string) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? <FindCustomerPanel onChoose={onChoose} /> : null}
    </Dialog>
  );
}

function FindCustomerPanel({ onChoose }: { onChoose: (email: string) => void }) {
  const t = useStore(sitesToolbarMessages);
  const f = useStore(format);
  const [text, setText] = useState('');
  const part = useDebouncedValue(normalEmail(text), FIND_REST_MS);
  const found = useFoundUnits(useAccountId(), part, FOUND_SHOWN);
  const data = found.data;
  const status =
    data === undefined
      ? found.isError
        ? ''
        : t.findCustomerLoading
      : data.total === 0
        ? part === ''
          ? t.findCustomerEmpty
          : t.findCustomerNone({ text: part })
        : data.total > data.units.length
          ? t.findCustomerFirst({ shown: f.integer(data.units.length), total: f.integer(data.total) })
          : t.findCustomerMatches(data.total);
  return (
    <DialogContent title={t.findCustomerTitle} description={t.findCustomerText}>
      <FindInList
        label={t.findCustomerLabel}
        placeholder={t.findCustomerPlaceholder}
        value={text}
        onChange={setText}
        status={status}
        maxLength={254}
      />
      {found.isError ? (
        <div role="alert" className="mt-3 space-y-2 text-sm text-foreground">
          <p>{t.findCustomerFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void found.refetch()}>
            {t.findCustomerRetry}
          </Button>
        </div>
      ) : null}
      {data && data.units.length > 0 ? (
        <ul aria-label={t.findCustomerList} className="mt-3 max-h-80 space-y-1 overflow-y-auto">
          {data.units.map((u) => (
            <li key={u.email}>
              <button
                type="button"
                className="flex w-full items-center justify-between gap-3 rounded-md px-3 py-2 text-left text-sm text-foreground hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                onClick={() => onChoose(u.email)}
              >
                <span className="min-w-0 break-all">{u.email}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{t.findCustomerSites(u.siteCount)}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </DialogContent>
  );
}
