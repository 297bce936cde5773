/**
 * What to tell people about an error: the catalogue's title, message and next
 * step for what src/api/error-catalogue.ts says the error is, in the language
 * in use. `useErrorText(error)` in components; `errorText(error)` elsewhere
 * (a mutation's toast).
 */
import { useStore } from '@nanostores/react';
import { classifyError, endsSession, errorCodeOf, isUnavailable, type ErrorClass } from '../api/error-catalogue';
import { errorMessages, METHOD_SPECIFIC, type ErrorTextId } from './error-messages';

type Messages = ReturnType<typeof errorMessages.get>;

export interface ErrorText {
  title: string;
  message: string;
  next: string;
}

export interface DescribedError extends ErrorText {
  kind: ErrorClass['kind'];
  /** The title of a whole page about the error: "Service unavailable" whenever the service is down. */
  headline: string;
  /** The code to quote to support, when there is one. */
  code?: number;
  /** The key is no longer accepted: the session guard takes the user to the sign-in page. */
  sessionEnded: boolean;
  /** The service is down or out of reach ("Service unavailable"). */
  unavailable: boolean;
  /** A rate limit's wait in seconds. */
  retryAfter?: number;
}

function texts(t: Messages, id: ErrorTextId): ErrorText {
  return { title: t[`${id}Title`], message: t[`${id}Message`], next: t[`${id}Next`] };
}

function isSpecific(id: string): id is keyof typeof METHOD_SPECIFIC {
  return Object.hasOwn(METHOD_SPECIFIC, id);
}

const TRANSPORT = {
  network: 'unreachableNetwork',
  timeout: 'unreachableTimeout',
  'bad-response': 'unreachableBadResponse',
  http: 'unreachableHttp',
} as const;

/** The texts of one error class with the given messages (pure: tests pass the English ones). */
export function describeClass(t: Messages, c: ErrorClass): ErrorText {
  switch (c.kind) {
    case 'system':
      return texts(t, `system${c.code}`);
    case 'method': {
      const specific = `${c.error.method}.${c.error.name}`;
      return texts(t, isSpecific(specific) ? METHOD_SPECIFIC[specific] : c.error.name);
    }
    case 'rateLimited': {
      const minutes = Math.ceil(c.retryAfter / 60);
      return {
        title: t.rateLimitedTitle,
        message: t.rateLimitedMessage,
        next: c.retryAfter < 60 ? t.rateLimitedNextSeconds(c.retryAfter) : t.rateLimitedNext(minutes),
      };
    }
    case 'unknownCode':
      return {
        title: t.unknownCodeTitle({ code: c.code }),
        message: c.serviceText || t.unknownCodeMessage,
        next: t.unknownCodeNext({ code: c.code }),
      };
    case 'refused':
      return {
        title: t.refusedTitle,
        message: c.serviceText || t.refusedMessage({ status: c.status }),
        next: t.refusedNext,
      };
    case 'unreachable':
      return { title: t.unreachableTitle, message: t[TRANSPORT[c.transport]], next: t.unreachableNext };
    case 'unexpected':
      return texts(t, 'unexpected');
  }
}

export function describeWith(t: Messages, error: unknown): DescribedError {
  const c = classifyError(error);
  const text = describeClass(t, c);
  return {
    ...text,
    kind: c.kind,
    headline: isUnavailable(c) ? t.unreachableTitle : text.title,
    code: errorCodeOf(c),
    sessionEnded: endsSession(c),
    unavailable: isUnavailable(c),
    retryAfter: c.kind === 'rateLimited' ? c.retryAfter : undefined,
  };
}

/** For components: re-renders when the language changes. */
export function useErrorText(error: unknown): DescribedError {
  return describeWith(useStore(errorMessages), error);
}

/** Outside components (a mutation's callback): the texts in the language in use now. */
export function errorText(error: unknown): DescribedError {
  return describeWith(errorMessages.get(), error);
}
