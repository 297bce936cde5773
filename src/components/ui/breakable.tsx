import { Fragment } from 'react';

/**
 * A domain or e-mail that may wrap after its `@` and before its dots, never inside a word
 * ("info@summit-studio-leeds.exampl / e" becomes "info@ / summit-studio-leeds.example"). Put it
 * in a box with `break-words` so a single part longer than the line still wraps.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?=\.)|(?<=@)/);
  return (
    <>
      {parts.map((part, i) => (
        // The parts of one name never reorder: the index is their identity.
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** A sentence with a name in it (`words`, written with `text` in them): the name wraps as `Breakable`'s. */
export function WithBreakable({ words, text }: { words: string; text: string }) {
  const at = words.indexOf(text);
  if (at < 0) return words;
  return (
    <>
      {words.slice(0, at)}
      <Breakable text={text} />
      {words.slice(at + text.length)}
    </>
  );
}
