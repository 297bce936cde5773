import type { ReactNode } from 'react';

/** JSON as the service sent it, indented (a string field may hold anything: shown as text). */
export function JsonBlock({ value, label }: { value: unknown; label?: string }) {
  return (
    <pre
      tabIndex={0}
      aria-label={label}
      className="max-h-96 overflow-auto rounded-md border border-border bg-surface-muted p-3 font-mono text-xs leading-relaxed text-foreground"
    >
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One value as text: scalars as they are (an empty string as ""), objects and arrays as compact JSON. */
function scalarText(value: unknown): string {
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  return JSON.stringify(value);
}

/**
 * An object the spec does not describe field by field (api_keyinfo,
 * api_userinfo, docs/partner-api.md#api_userinfo: "fields: not shown"), rendered as data: each field with
 * its value as received, none assumed. `describe` may add words to a field
 * whose meaning has been observed (`expires`).
 */
export function DataList({
  value,
  describe,
}: {
  value: unknown;
  describe?: (name: string, value: unknown) => ReactNode;
}) {
  if (!isRecord(value)) return <p className="font-mono text-sm">{scalarText(value)}</p>;
  return (
    <dl className="grid grid-cols-[minmax(7rem,max-content)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
      {Object.entries(value).map(([name, field]) => (
        <div key={name} className="contents">
          <dt className="font-mono text-muted-foreground">{name}</dt>
          <dd className="font-mono wrap-anywhere text-foreground">
            {scalarText(field)}
            {describe ? describe(name, field) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
