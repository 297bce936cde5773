import { useStore } from '@nanostores/react';
import { ChevronDownIcon, GlobeIcon } from '../../components/ui/icons';
import { LOCALES, setLocaleSetting, wantedLocale } from '../../i18n/locale';
import { cn } from '../../lib/cn';
import { languageMessages } from './messages';

/**
 * The names of the languages we speak, each in itself, as Intl.DisplayNames writes them with a capital
 * (language-select.test.tsx holds the two equal). Written out: the first Intl.DisplayNames of a page
 * loads the engine's language data, about 10 ms of every first render (each page has the menu, /login too).
 */
export const OWN_NAMES: Readonly<Record<string, string>> = { en: 'English', de: 'Deutsch' };

const ownNames = new Map<string, string>(Object.entries(OWN_NAMES));

/** A language's name in that language ("Deutsch", "English"), as a speaker of it looks for it. */
function ownName(code: string): string {
  let known = ownNames.get(code);
  if (known === undefined) {
    // A language added without its name here still gets one, at that cost.
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
    known = name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
    ownNames.set(code, known);
  }
  return known;
}

/**
 * The language menu: a native select named "Language" (keyboard, screen
 * readers and phones get the platform's own picker), drawn as a compact globe
 * and language code over which the select lies, transparent. The choice is
 * kept on this device (src/i18n/locale.ts) and wins over the browser's and the
 * host panel's language.
 */
export function LanguageSelect({ className }: { className?: string }) {
  const t = useStore(languageMessages);
  const wanted = useStore(wantedLocale);
  return (
    <div
      title={t.label}
      className={cn(
        'relative h-9 shrink-0 items-center gap-1 rounded-md border border-border bg-surface px-2 text-sm text-muted-foreground hover:text-foreground has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
        // The display is the caller's ("hidden sm:flex"): cn() does not merge conflicting classes.
        className ?? 'flex',
      )}
    >
      <GlobeIcon />
      <span aria-hidden="true" className="font-medium uppercase">
        {wanted}
      </span>
      <ChevronDownIcon size={14} />
      <select
        aria-label={t.label}
        value={wanted}
        onChange={(event) => setLocaleSetting(event.target.value)}
        className="absolute inset-0 m-0 cursor-pointer appearance-none rounded-md opacity-0"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {ownName(code)}
          </option>
        ))}
      </select>
    </div>
  );
}
