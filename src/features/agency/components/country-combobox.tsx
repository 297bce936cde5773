import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { Combobox, type ComboboxOption } from '../../../components/ui/combobox';
import type { FieldControlProps } from '../../../components/ui/field';
import { format } from '../../../i18n/format';
import { countryFromText, countryList, fold, isCountryCode, matchCountries } from '../countries';
import { agencyMessages } from '../messages';

interface CountryComboboxProps extends FieldControlProps {
  value: string;
  onValueChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  /** What the saved record holds: a country name there (docs/partner-api.md#agency-record allows one) is offered and kept as it is. */
  saved: string | undefined;
  /** The field's label ("Bank country"), naming its list. */
  label: string;
}

/**
 * A country from the ISO 3166-1 list, searched by name (in the language in
 * use) or code; stores the alpha-2 code. A name the saved record holds stays
 * on offer, marked "as saved", and is kept unless another country is chosen.
 */
export function CountryCombobox({
  value,
  onValueChange,
  onBlur,
  name,
  saved,
  label,
  ...control
}: CountryComboboxProps) {
  const t = useStore(agencyMessages);
  const { locale } = useStore(format);
  const countries = useMemo(() => countryList(locale), [locale]);
  const kept = saved && !isCountryCode(saved) ? saved : undefined;

  const options = useMemo(() => {
    const list: ComboboxOption[] = countries.map((c) => ({ value: c.code, label: c.name, detail: c.code }));
    return kept ? [{ value: kept, label: t.keptName({ name: kept }) }, ...list] : list;
  }, [countries, kept, t]);

  const filter = (text: string): readonly ComboboxOption[] => {
    if (fold(text) === '') return options;
    const matches = matchCountries(text, countries).map((c) => ({ value: c.code, label: c.name, detail: c.code }));
    return kept && fold(kept).includes(fold(text)) ? [options[0] ?? { value: kept, label: kept }, ...matches] : matches;
  };

  return (
    <Combobox
      {...control}
      name={name}
      value={value}
      onValueChange={onValueChange}
      onBlur={onBlur}
      filter={filter}
      display={(v) => countries.find((c) => c.code === v)?.name ?? v}
      parse={(text) => (kept && fold(text) === fold(kept) ? kept : countryFromText(text, countries))}
      listLabel={t.countries({ field: label })}
      noMatches={t.noCountryMatches}
      placeholder={t.searchCountries}
    />
  );
}
