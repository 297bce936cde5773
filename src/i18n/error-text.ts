/**
 * What to tell people about an error: the catalogue's title, message and next
 * step for what src/api/error-catalogue.ts says the error is, in the language
 * in use. `useErrorText(error)` in components; `errorText(error)` elsewhere
 * (a mutation's toast).
 */
import { useStore } from '@nanostores/react';
import { atom, type ReadableAtom } from 'nanostores';
import { classifyError, endsSession, errorCodeOf, isUnavailable, type ErrorClass } from '../api/error-catalogue';
import { errorMessages, METHOD_SPECIFIC, type ErrorTextId } from './error-messages';
import type { methodErrorMessages } from './method-error-messages';

type SignedInMessages = ReturnType<typeof methodErrorMessages.get>;
/** Every error text: those of signing in always, the others once loaded. */
export type Messages = ReturnType<typeof errorMessages.get> & Partial<SignedInMessages>;

const signedInTexts = atom<ReadableAtom<SignedInMessages> | null>(null);
const NOT_YET = atom<Partial<SignedInMessages>>({});
let loading: Promise<void> | undefined;

/**
 * Loads the texts of the method errors met once signed in (the signed-in
 * layout awaits it before its pages show). Until then such an error reads as
 * its code with the service's words.
 */
export function loadSignedInErrorTexts(): Promise<void> {
  return (loading ??= import('./method-error-messages').then((m) => signedInTexts.set(m.methodErrorMessages)));
}

/** Every error text in the language in use, re-rendering when it changes or more texts load. */
export function useErrorMessages(): Messages {
  const base = useStore(errorMessages);
  const more = useStore(useStore(signedInTexts) ?? NOT_YET);
  return { ...base, ...more };
}

function currentMessages(): Messages {
  return { ...errorMessages.get(), ...(signedInTexts.get()?.get() ?? {}) };
}

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

function texts(t: Messages, id: ErrorTextId): ErrorText | undefined {
  const title = t[`${id}Title`];
  const message = t[`${id}Message`];
  const next = t[`${id}Next`];
  return title === undefined || message === undefined || next === undefined ? undefined : { title, message, next };
}

/** A text every language has (the sign-in's, the system's): never undefined. */
function always(t: Messages, id: Parameters<typeof texts>[1]): ErrorText {
  return texts(t, id) ?? { title: t.unexpectedTitle, message: t.unexpectedMessage, next: t.unexpectedNext };
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
      return always(t, `system${c.code}`);
    case 'method': {
      const specific = `${c.error.method}.${c.error.name}`;
      return (
        texts(t, isSpecific(specific) ? METHOD_SPECIFIC[specific] : c.error.name) ?? {
          // Its texts have not loaded yet: the code and the service's words.
          title: t.unknownCodeTitle({ code: c.code }),
          message: c.error.message,
          next: t.unknownCodeNext({ code: c.code }),
        }
      );
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
    case 'ownServer':
      return {
        title: t.ownServerTitle,
        message: c.problem === 'network' ? t.ownServerNetwork : t.ownServerFailed,
        next: t.ownServerNext,
      };
    case 'unexpected':
      return always(t, 'unexpected');
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
  return describeWith(useErrorMessages(), error);
}

/** Outside components (a mutation's callback): the texts in the language in use now. */
export function errorText(error: unknown): DescribedError {
  return describeWith(currentMessages(), error);
}
