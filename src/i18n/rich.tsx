import { Fragment, type ReactNode } from 'react';

/**
 * A message whose `{placeholders}` are filled with React nodes, for text with
 * markup inside ("We sent a code to <b>{email}</b>."): the translator moves the
 * placeholder, the code decides its markup. A placeholder without a value stays
 * as written, so a slip shows rather than vanishes.
 */
export function Rich({ text, values }: { text: string; values: Readonly<Record<string, ReactNode>> }) {
  const parts = text.split(/\{(\w+)\}/);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 0 ? part : <Fragment key={i}>{Object.hasOwn(values, part) ? values[part] : `{${part}}`}</Fragment>,
      )}
    </>
  );
}
