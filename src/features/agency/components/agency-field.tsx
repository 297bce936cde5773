import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { Field, type FieldControlProps } from '../../../components/ui/field';
import { Input, inputVariants } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import type { AgencyField } from '../../../api/registry/agency';
import type { Agency } from '../../../api/schemas';
import { format } from '../../../i18n/format';
import { cn } from '../../../lib/cn';
import { currencyList } from '../currencies';
import { isRequired, type AgencyFormValues } from '../form-schema';
import { agencyMessages, type AgencyMessages } from '../messages';
import { CountryCombobox } from './country-combobox';
import { LogoPreview } from './logo-preview';

type AgencyForm = UseFormReturn<AgencyFormValues, unknown, AgencyFormValues>;

type Kind = 'text' | 'email' | 'tel' | 'url' | 'website' | 'textarea' | 'country' | 'currency';

/** The right control for each field of docs/partner-api.md#agency-record. */
const KIND: Record<AgencyField, Kind> = {
  title: 'text',
  email: 'email',
  phone: 'tel',
  website: 'website',
  logourl: 'url',
  address: 'textarea',
  zipcode: 'text',
  country: 'country',
  bank_currency: 'currency',
  bank_swift: 'text',
  bank_account: 'text',
  bank_routing: 'text',
  bank_country: 'country',
  bank_invoicemail: 'email',
};

const AUTOCOMPLETE: Partial<Record<AgencyField, string>> = {
  title: 'organization',
  email: 'email',
  phone: 'tel',
  website: 'url',
  address: 'street-address',
  zipcode: 'postal-code',
  bank_invoicemail: 'email',
};

const HINTS: Partial<Record<AgencyField, (t: AgencyMessages) => string>> = {
  title: (t) => t.titleHint,
  website: (t) => t.websiteHint,
  logourl: (t) => t.logourlHint,
  bank_swift: (t) => t.bank_swiftHint,
  bank_routing: (t) => t.bank_routingHint,
  bank_invoicemail: (t) => t.bank_invoicemailHint,
};

/** Fields that take a whole row of the group's grid. */
const WIDE = new Set<AgencyField>(['title', 'logourl', 'address']);

interface AgencyFieldProps {
  field: AgencyField;
  form: AgencyForm;
  /** The record as saved: a value it holds is offered and kept as it is (countries, currency). */
  saved: Agency | null;
}

/** One field of the agency form: labelled (required ones marked), with its hint and its error. */
export function AgencyFieldInput({ field, form, saved }: AgencyFieldProps) {
  const t = useStore(agencyMessages);
  const required = isRequired(field);
  const label = required ? (
    <>
      {t[field]} <span className="ml-1 text-xs font-normal text-muted-foreground">({t.required})</span>
    </>
  ) : (
    t[field]
  );
  const input = (
    <Field
      label={label}
      hint={HINTS[field]?.(t)}
      error={form.formState.errors[field]?.message}
      className={WIDE.has(field) ? 'sm:col-span-2' : undefined}
    >
      {(control) => <Control field={field} form={form} saved={saved} control={control} required={required} />}
    </Field>
  );
  if (field !== 'logourl') return input;
  return (
    <>
      {input}
      <div className="sm:col-span-2">
        <WatchedLogoPreview form={form} />
      </div>
    </>
  );
}

function Control({
  field,
  form,
  saved,
  control,
  required,
}: AgencyFieldProps & { control: FieldControlProps; required: boolean }) {
  const kind = KIND[field];
  if (kind === 'country' || kind === 'currency') {
    return <ControlledChoice field={field} form={form} saved={saved} control={control} kind={kind} />;
  }
  const common = {
    ...control,
    ...form.register(field),
    'aria-required': required || undefined,
    autoComplete: AUTOCOMPLETE[field] ?? 'off',
  };
  if (kind === 'textarea') {
    return (
      <textarea
        {...common}
        rows={3}
        className={cn(inputVariants({ size: null }), 'border-input py-2 text-base sm:text-sm')}
      />
    );
  }
  if (kind === 'url') return <Input {...common} type="url" inputMode="url" spellCheck={false} placeholder="https://" />;
  const type = kind === 'website' ? 'text' : kind;
  return (
    <Input
      {...common}
      type={type}
      inputMode={kind === 'website' ? 'url' : undefined}
      spellCheck={kind === 'text' && field === 'title' ? undefined : false}
    />
  );
}

/** The preview follows the address as it is typed; only it re-renders. */
function WatchedLogoPreview({ form }: { form: AgencyForm }) {
  return <LogoPreview url={useWatch({ control: form.control, name: 'logourl' })} />;
}

function ControlledChoice({
  field,
  form,
  saved,
  control,
  kind,
}: AgencyFieldProps & { control: FieldControlProps; kind: 'country' | 'currency' }) {
  const t = useStore(agencyMessages);
  const { field: bound } = useController({ control: form.control, name: field });
  const savedValue = saved?.[field];
  if (kind === 'country') {
    return (
      <CountryCombobox
        {...control}
        name={bound.name}
        value={bound.value}
        onValueChange={bound.onChange}
        onBlur={bound.onBlur}
        saved={savedValue}
        label={t[field]}
      />
    );
  }
  return <CurrencySelect control={control} value={bound.value} onValueChange={bound.onChange} saved={savedValue} />;
}

function CurrencySelect({
  control,
  value,
  onValueChange,
  saved,
}: {
  control: FieldControlProps;
  value: string;
  onValueChange: (value: string) => void;
  saved: string | undefined;
}) {
  const t = useStore(agencyMessages);
  const { locale } = useStore(format);
  const options = useMemo(() => {
    const list = currencyList(locale).map((c) => ({ value: c.code, label: t.currencyOption(c) }));
    // A code the record holds that this browser does not list stays choosable.
    const extra = [saved, value].filter(
      (v, i, all): v is string => !!v && all.indexOf(v) === i && !list.some((c) => c.value === v),
    );
    return [
      { value: '', label: t.noCurrency },
      ...extra.map((v) => ({ value: v, label: t.keptName({ name: v }) })),
      ...list,
    ];
  }, [locale, t, saved, value]);
  return <Select {...control} value={value} onValueChange={onValueChange} options={options} />;
}
