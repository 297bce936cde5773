import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { RE, regex } from '../../../api/registry/define';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { syncFileMessages } from '../messages';

/** "example.com", "https://example.com/" or "example.com/path": the host name typed. */
function hostOf(text: string): string {
  return text
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/[/?#].*$/, '');
}

/**
 * Step 4: the address where the file must answer on a site, built from the
 * site the user types (the exact file name, on https), as a link to open.
 */
export function ReachabilityCheck({ filename }: { filename: string | undefined }) {
  const t = useStore(syncFileMessages);
  const [site, setSite] = useState('');
  const linkId = useId();
  const host = hostOf(site);
  const valid = host !== '' && regex(RE.domain).test(host);
  const url = valid && filename ? new URL(`https://${host}/${encodeURIComponent(filename)}`).href : null;
  return (
    <div className="mt-3 space-y-2">
      <Field label={t.siteLabel} hint={t.siteHint} error={host !== '' && !valid ? t.siteInvalid : undefined}>
        {(control) => (
          <Input
            {...control}
            className="max-w-sm"
            value={site}
            onChange={(e) => setSite(e.currentTarget.value)}
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            aria-controls={linkId}
          />
        )}
      </Field>
      <p id={linkId} aria-live="polite" className="text-sm wrap-anywhere">
        {url ? (
          <a href={url} target="_blank" rel="noopener noreferrer" className="text-link underline underline-offset-2">
            {t.openCheck({ url })}
          </a>
        ) : null}
      </p>
    </div>
  );
}
