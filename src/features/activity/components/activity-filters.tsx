/** The Activity page's filters: who, what and when apply at once; a site or customer on Apply (or Enter). */
import { useStore } from '@nanostores/react';
import { useRef, useState, type FormEvent } from 'react';
import type { WorkspaceKey } from '../../../api/workspace';
import type { ActivityKind } from '../../../api/workspace-types';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { regex, RE } from '../../../api/registry/define';
import { activityMessages, type ActivityWords } from '../messages';
import { looksLikeDomain, PERIODS, type ActivitySearch, type Period } from '../search';

const KIND_WORDS: Record<ActivityKind, keyof ActivityWords> = {
  sites: 'kindSites',
  options: 'kindOptions',
  scans: 'kindScans',
  shares: 'kindShares',
  units: 'kindUnits',
  agency: 'kindAgency',
};
const PERIOD_WORDS: Record<Period, keyof ActivityWords> = {
  all: 'periodAll',
  day: 'periodDay',
  week: 'periodWeek',
  month: 'periodMonth',
};

interface FiltersProps {
  search: ActivitySearch;
  keys: readonly WorkspaceKey[];
  onChange: (next: Partial<ActivitySearch>) => void;
}

export function ActivityFilters({ search, keys, onChange }: FiltersProps) {
  const t = useStore(activityMessages);
  const word = (k: keyof ActivityWords) => t[k] as string;
  const emails = [...new Set(keys.map((k) => k.email))];
  const who = [
    { value: '', label: t.everyone },
    ...(emails.length > 1 ? emails.map((email) => ({ value: `user:${email}`, label: t.everyoneOf({ email }) })) : []),
    ...keys.map((k) => ({
      value: `key:${k.id}`,
      label: k.name
        ? t.keyOption({ name: k.name, email: k.email, id: k.id })
        : t.keyOptionUnnamed({ email: k.email, id: k.id }),
    })),
  ];
  const whoValue = search.key ? `key:${search.key}` : search.user ? `user:${search.user}` : '';
  // A key in the URL that the list does not (yet) name still shows as chosen.
  if (!who.some((o) => o.value === whoValue)) who.push({ value: whoValue, label: t.keyId({ id: search.key ?? '' }) });
  const section = useRef<HTMLElement>(null);
  const filtered = search.user || search.key || search.site || search.unit || search.kind || search.period !== 'all';

  return (
    <section ref={section} aria-label={t.filtersLabel} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      <Field label={t.who}>
        {(control) => (
          <Select
            {...control}
            value={whoValue}
            options={who}
            onValueChange={(v) =>
              onChange({
                key: v.startsWith('key:') ? v.slice(4) : undefined,
                user: v.startsWith('user:') ? v.slice(5) : undefined,
              })
            }
          />
        )}
      </Field>
      <Field label={t.kind}>
        {(control) => (
          <Select
            {...control}
            value={search.kind ?? ''}
            options={[
              { value: '', label: t.anyKind },
              ...Object.entries(KIND_WORDS).map(([value, k]) => ({ value, label: word(k) })),
            ]}
            onValueChange={(v) => onChange({ kind: v === '' ? undefined : (v as ActivityKind) })}
          />
        )}
      </Field>
      <Field label={t.period}>
        {(control) => (
          <Select
            {...control}
            value={search.period}
            options={PERIODS.map((p) => ({ value: p, label: word(PERIOD_WORDS[p]) }))}
            onValueChange={(period) => onChange({ period })}
          />
        )}
      </Field>
      <TextFilter
        key={`site:${search.site ?? ''}`}
        label={t.site}
        placeholder={t.sitePlaceholder}
        value={search.site}
        invalid={t.siteInvalid}
        valid={looksLikeDomain}
        onApply={(site) => onChange({ site })}
      />
      <TextFilter
        key={`unit:${search.unit ?? ''}`}
        label={t.customer}
        placeholder={t.customerPlaceholder}
        value={search.unit}
        invalid={t.customerInvalid}
        valid={(v) => regex(RE.email).test(v)}
        onApply={(unit) => onChange({ unit })}
        type="email"
      />
      <div className="flex items-end">
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              onChange({
                user: undefined,
                key: undefined,
                site: undefined,
                unit: undefined,
                kind: undefined,
                period: 'all',
              });
              // This button goes with the filters: the first filter has the focus.
              section.current?.querySelector<HTMLElement>('button, select, input')?.focus();
            }}
          >
            {t.clearFilters}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** A typed filter: applied on Apply or Enter; a bad value is said in words and stays as typed. */
function TextFilter(props: {
  label: string;
  placeholder: string;
  value: string | undefined;
  invalid: string;
  valid: (value: string) => boolean;
  onApply: (value: string | undefined) => void;
  type?: string;
}) {
  const t = useStore(activityMessages);
  const [draft, setDraft] = useState(props.value ?? '');
  const [error, setError] = useState<string | undefined>(undefined);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = draft.trim();
    if (value !== '' && !props.valid(value)) {
      setError(props.invalid);
      return;
    }
    setError(undefined);
    props.onApply(value === '' ? undefined : value);
  };
  return (
    <form noValidate onSubmit={submit} className="flex items-start gap-2">
      <Field label={props.label} error={error} className="min-w-0 flex-1">
        {(control) => (
          <Input
            {...control}
            type={props.type ?? 'text'}
            autoComplete="off"
            spellCheck={false}
            placeholder={props.placeholder}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" className="mt-7">
        {t.apply}
      </Button>
    </form>
  );
}
