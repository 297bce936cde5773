/**
 * The units page: the directory the team's workspace keeps for the account
 * (data/units-directory.ts; the API lists no units), reconciled with the
 * service on demand, a look-up by e-mail, and the chosen unit's sites and actions.
 */
import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import * as z from 'zod/mini';
import { Alert } from '../../../components/ui/alert';
import { ApiErrorAlert } from '../../../components/ui/api-error-alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { FindInList } from '../../../components/ui/find-in-list';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useAccountId } from '../../../data/account';
import { useLookUpUnit } from '../../../data/units';
import { normalEmail, useFoundUnits, type UnitEntry } from '../../../data/units-directory';
import { useUnitCount } from '../../../data/workspace';
import { FIND_REST_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { format } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { emailField } from '../../../lib/email-schema';
import { usePageTitle } from '../../../lib/use-page-title';
import { useZodForm } from '../../../lib/use-zod-form';
import { unitsMessages } from '../messages';
import { ReconcileCard } from './reconcile-card';
import { UnitDetail } from './unit-detail';

interface UnitsPageProps {
  /** The unit shown (from the URL). */
  unit: string | undefined;
  onSelect: (unit: string | undefined) => void;
}

export function UnitsPage({ unit, onSelect }: UnitsPageProps) {
  const t = useStore(unitsMessages);
  usePageTitle(t.title);
  const account = useAccountId();
  // How many customers the directory has (every page's state says it); the list asks for the ones it shows.
  const unitCount = useUnitCount();
  // A customer chosen here (not from the address at the page's load): its sites take the focus, which
  // brings them into view (at 1280 they are beside the top of a list of 100; on a phone, below it).
  const [chosenHere, setChosenHere] = useState(false);
  const choose = (next: string | undefined) => {
    setChosenHere(true);
    onSelect(next);
  };
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-foreground">{t.title}</h1>
        <p className="mt-1 text-muted-foreground">{t.intro}</p>
      </div>
      <Alert tone="info">
        <p className="font-semibold">{t.whereTitle}</p>
        <p className="mt-1">{t.whereText({ account: account ?? '…' })}</p>
      </Alert>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="space-y-4">
          <LookUpForm onFound={choose} />
          {/* Before the list, which may be 100 customers long. */}
          <ReconcileCard unitCount={unitCount} />
          <UnitList account={account} unitCount={unitCount} selected={unit} onSelect={choose} />
        </div>
        <div className="min-w-0">
          {unit ? (
            <UnitDetail
              key={unit}
              unit={unit}
              takeFocus={chosenHere}
              onGone={() => onSelect(undefined)}
              onRenamed={choose}
            />
          ) : (
            <Card className="p-6 text-sm text-muted-foreground">{t.chooseUnit}</Card>
          )}
        </div>
      </div>
    </div>
  );
}

function LookUpForm({ onFound }: { onFound: (unit: string) => void }) {
  const t = useStore(unitsMessages);
  const schema = useMemo(
    () =>
      z.object({ email: emailField({ required: t.emailRequired, tooLong: t.emailTooLong, invalid: t.emailInvalid }) }),
    [t],
  );
  const form = useZodForm(schema, { defaultValues: { email: '' } });
  const lookUp = useLookUpUnit();
  const [notFound, setNotFound] = useState<string | null>(null);
  const submit = form.handleSubmit(({ email }) => {
    setNotFound(null);
    lookUp.mutate(email, {
      onSuccess: (sites) => {
        if (sites === null) setNotFound(email);
        else {
          form.reset({ email: '' });
          onFound(normalEmail(email));
        }
      },
    });
  });
  return (
    <Card className="p-4">
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
        <Field label={t.lookUpLabel} hint={t.lookUpHint} error={form.formState.errors.email?.message}>
          {(control) => <Input type="email" autoComplete="off" {...control} {...form.register('email')} />}
        </Field>
        <Button type="submit" variant="secondary" disabled={lookUp.isPending}>
          {lookUp.isPending ? <Spinner /> : null}
          {t.lookUp}
        </Button>
        {notFound ? (
          <Alert tone="warning">{t.lookUpNotFound({ email: notFound })}</Alert>
        ) : lookUp.isError ? (
          <ApiErrorAlert error={lookUp.error} />
        ) : null}
      </form>
    </Card>
  );
}

/** At most this many customers are drawn at once: the directory of 100,000 sites holds about 16,000. */
const UNITS_SHOWN = 100;
/** From this many customers on, the list has a box to find one in it. */
const FIND_FROM = 10;
/** The chosen customer beyond the first ones is found among the addresses that contain its own (a few at most). */
const CHOSEN_MATCHES = 20;

function UnitList({
  account,
  unitCount,
  selected,
  onSelect,
}: {
  account: string | undefined;
  /** How many the directory has, once the state has said. */
  unitCount: number | undefined;
  selected: string | undefined;
  onSelect: (unit: string) => void;
}) {
  const t = useStore(unitsMessages);
  const f = useStore(format);
  const [text, setText] = useState('');
  const findable = (unitCount ?? 0) >= FIND_FROM;
  // Typed while the box showed: not a filter once it is gone (fewer customers than FIND_FROM).
  const wanted = useDebouncedValue(findable ? normalEmail(text) : '', FIND_REST_MS);
  const found = useFoundUnits(account, wanted, UNITS_SHOWN);
  // The chosen customer (from the address or a look-up) shows in the list, first, when it is beyond the
  // first ones: asked for beside them, and the list drawn once both are in (it does not jump).
  const theChosen = useFoundUnits(account, selected ?? '', CHOSEN_MATCHES, selected !== undefined);
  const first = found.data?.units.slice(0, UNITS_SHOWN) ?? [];
  const inFirst = selected === undefined || first.some((u) => u.email === selected);
  const ready = found.data !== undefined && (inFirst || theChosen.data !== undefined || theChosen.isError);
  const chosen = inFirst ? undefined : theChosen.data?.units.find((u) => u.email === selected);
  const shown = chosen ? [chosen, ...first.slice(0, UNITS_SHOWN - 1)] : first;
  const total = found.data?.total ?? 0;
  const status = !ready
    ? ''
    : wanted !== '' && total === 0
      ? t.listNoMatch({ text: text.trim() })
      : total > shown.length
        ? t.listShowing({ shown: f.integer(shown.length), total: f.integer(total) })
        : wanted !== ''
          ? t.listMatches(total)
          : '';
  return (
    <nav aria-label={t.listLabel}>
      <h2 className="mb-2 text-base font-semibold">{t.listLabel}</h2>
      {found.isError && found.data === undefined ? (
        <div role="alert" className="space-y-2 text-sm text-foreground">
          <p>{t.listFailed}</p>
          <Button variant="secondary" size="sm" onClick={() => void found.refetch()}>
            {t.listRetry}
          </Button>
        </div>
      ) : !ready ? (
        <p className="text-sm text-muted-foreground">
          <Spinner /> {t.listLoading}
        </p>
      ) : wanted === '' && total === 0 ? (
        <p className="text-sm text-muted-foreground">{t.empty}</p>
      ) : (
        <>
          {findable ? (
            <FindInList
              className="mb-2"
              label={t.findLabel}
              placeholder={t.findPlaceholder}
              value={text}
              maxLength={254}
              status={status}
              onChange={setText}
            />
          ) : null}
          <ul className="space-y-1">
            {shown.map((u) => (
              <li key={u.email}>
                <button
                  type="button"
                  aria-current={u.email === selected ? 'true' : undefined}
                  onClick={() => onSelect(u.email)}
                  className={cn(
                    'block w-full rounded-md border px-3 py-2 text-left text-sm',
                    u.email === selected ? 'border-primary bg-accent' : 'border-border bg-surface hover:bg-accent',
                  )}
                >
                  <span className="block font-medium break-all text-foreground">{u.email}</span>
                  <span className="block text-xs text-muted-foreground">
                    {u.source === 'shared' ? t.sourceShared : u.source === 'import' ? t.sourceImport : t.sourceLookup} ·{' '}
                    {t.addedOn({ date: f.date(u.added, { dateStyle: 'medium' }) })}
                  </span>
                  <UnitCheckNote unit={u} />
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </nav>
  );
}

/** What the last check with the service said of a unit (its site count, when), kept by the workspace for the team. */
function UnitCheckNote({ unit }: { unit: UnitEntry }) {
  const t = useStore(unitsMessages);
  const f = useStore(format);
  const text =
    unit.checkedAt === null
      ? t.notChecked
      : t.checkedSites({
          sites: t.siteCount(unit.siteCount),
          date: f.date(unit.checkedAt, { dateStyle: 'medium', timeStyle: 'short' }),
        });
  return <span className="block text-xs text-muted-foreground">{text}</span>;
}
