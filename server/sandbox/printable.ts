/**
 * A line as it may go to a console: control and format characters (escape
 * sequences, line breaks, bidirectional overrides) written as \u{…} escapes, so
 * text from a request (an e-mail address, a subject) can neither hide nor fake
 * the lines around it.
 */
export function printable(line: string): string {
  return line.replace(
    /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu,
    (ch) => `\\u{${(ch.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}}`,
  );
}
