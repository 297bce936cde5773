import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import { METHOD_ERRORS } from '../../../api/registry';
import { RAW_ERROR_STATUS, SYSTEM_CODES, SYSTEM_ERRORS } from '../../../api/system-errors';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { describeClass, useErrorMessages, type ErrorText } from '../../../i18n/error-text';
import { developerMessages } from '../messages';
import { SERVICE_LANG } from '../service-lang';

interface Entry {
  code: number;
  /** null: a system error, of any method (docs/partner-api.md#system-errors). */
  method: string | null;
  /** The service's own message for the code (docs/partner-api.md#errors). */
  serviceMessage: string;
  text: ErrorText;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * Every error code of docs/partner-api.md#errors (system codes, then each method's, from the
 * registry) with the service's message, what it means and what to do next
 * (the catalogue's words, src/i18n/error-messages.ts). Searchable by code,
 * method or words; the search is in the URL.
 */
export function ErrorCatalogueTab({ query, onQueryChange }: { query: string; onQueryChange: (q: string) => void }) {
  const t = useStore(developerMessages);
  const messages = useErrorMessages();
  const entries = useMemo<Entry[]>(
    () => [
      ...SYSTEM_CODES.map((code) => ({
        code,
        method: null,
        serviceMessage: SYSTEM_ERRORS[code],
        text: describeClass(messages, { kind: 'system', code }),
      })),
      ...METHOD_ERRORS.map((error) => ({
        code: error.code,
        method: error.method,
        serviceMessage: error.message,
        text: describeClass(messages, { kind: 'method', code: error.code, error }),
      })),
    ],
    [messages],
  );
  const words = fold(query).split(/\s+/).filter(Boolean);
  const shown = entries.filter((e) => {
    const haystack = fold(
      [e.code, e.method ?? t.systemErrors, e.serviceMessage, e.text.title, e.text.message, e.text.next].join(' '),
    );
    return words.every((w) => haystack.includes(w));
  });
  const mapping = SYSTEM_CODES.map((code) => t.statusAsCode({ status: RAW_ERROR_STATUS[code], code })).join(', ');

  return (
    <div className="space-y-4">
      <Field label={t.errorSearch} hint={t.errorSearchHint} className="max-w-md">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={query}
            onChange={(e) => onQueryChange(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </Field>
      <p role="status" className="text-sm text-muted-foreground">
        {shown.length === 0 ? t.noErrors : t.errorCount(shown.length)}
      </p>
      <ul className="divide-y divide-border rounded-lg border border-border bg-surface">
        {shown.map((e) => (
          <li key={e.code} className="p-4">
            <h3 className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-mono text-base font-semibold text-foreground">{e.code}</span>
              <span className="font-mono text-sm text-muted-foreground">{e.method ?? t.systemErrors}</span>
              <span className="text-sm font-semibold text-foreground">{e.text.title}</span>
            </h3>
            <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
              <dt className="text-muted-foreground">{t.serviceMessage}</dt>
              <dd lang={SERVICE_LANG} className="font-mono text-foreground">
                {e.serviceMessage}
              </dd>
              <dt className="text-muted-foreground">{t.meaning}</dt>
              <dd className="text-foreground">{e.text.message}</dd>
              <dt className="text-muted-foreground">{t.next}</dt>
              <dd className="text-foreground">{e.text.next}</dd>
            </dl>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">{t.syncfileStatuses({ mapping })}</p>
    </div>
  );
}
