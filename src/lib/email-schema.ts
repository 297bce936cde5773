import * as z from 'zod/mini';
import { RE, regex } from '../api/registry/define';

export interface EmailWords {
  required: string;
  tooLong: string;
  invalid: string;
}

/**
 * An e-mail field checked as the API checks it (the registry's expression,
 * docs/partner-api.md#concepts units are e-mail addresses), trimmed; the words are the caller's.
 */
export function emailField(words: EmailWords) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, words.required),
      z.maxLength(254, words.tooLong),
      z.regex(regex(RE.email), words.invalid),
    );
}
