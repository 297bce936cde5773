import { useCallback, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type * as z from 'zod/mini';

/** A schema of one text field, `{ [name]: string }` in, `{ [name]: Out }` out. */
type FieldSchema<Name extends string, Out> = z.core.$ZodType<Record<Name, Out>, Record<Name, string>>;

export interface LazyFieldForm<Out> {
  /** The field's message: the check's after a submit, or the one `setError` gave. */
  error: string | undefined;
  /** Spread on the input (with the label's wiring from `Field`). */
  field: {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLInputElement>) => void;
    ref: (element: HTMLInputElement | null) => void;
  };
  /** Puts a value in the field (a suggestion taken); checked again once the form was submitted. */
  setValue: (value: string) => void;
  /** A message about the value (the server's), on the field, which gets the focus. */
  setError: (message: string) => void;
  focus: () => void;
  /** The form's submit handler: checks, then calls `onValid` with the parsed value, or shows the message and focuses the field. */
  handleSubmit: (onValid: (value: Out) => void) => (event?: FormEvent) => Promise<void>;
}

/**
 * A form of one text field checked by a zod schema that loads at the first
 * check, without react-hook-form: the login page's first step, which shows
 * before react-hook-form and zod have loaded (the /login budget,
 * docs/decisions/011-the-login-step-without-react-hook-form.md). It behaves as
 * `useZodForm` does: the message appears on submit, then follows the typing;
 * the field is focused when it is wrong. Every other form is `useZodForm`.
 */
export function useLazyFieldForm<Name extends string, Out>(
  name: Name,
  load: () => Promise<FieldSchema<Name, Out>>,
  defaultValue: string,
): LazyFieldForm<Out> {
  const [value, setValueState] = useState(defaultValue);
  const [error, setErrorState] = useState<string | undefined>(undefined);
  const submitted = useRef(false);
  const element = useRef<HTMLInputElement | null>(null);
  // Checks answer out of order (the schema loads once, then each is a microtask or two): only the
  // last one asked may set the message.
  const lastCheck = useRef(0);

  const check = useCallback(
    async (input: string): Promise<{ ok: true; value: Out } | { ok: false; message: string } | null> => {
      const asked = ++lastCheck.current;
      const schema = await load();
      const result = await schema['~standard'].validate({ [name]: input } as Record<Name, string>);
      if (asked !== lastCheck.current) return null;
      if (!result.issues) return { ok: true, value: result.value[name] };
      return { ok: false, message: result.issues[0]?.message ?? '' };
    },
    [load, name],
  );

  const recheck = useCallback(
    (input: string) => {
      if (!submitted.current) return;
      void check(input).then((outcome) => {
        if (outcome) setErrorState(outcome.ok ? undefined : outcome.message);
      });
    },
    [check],
  );

  const setValue = useCallback(
    (next: string) => {
      setValueState(next);
      recheck(next);
    },
    [recheck],
  );

  return {
    error,
    field: {
      name,
      value,
      onChange: (event) => setValue(event.target.value),
      ref: (el) => {
        element.current = el;
      },
    },
    setValue,
    setError: (message) => {
      // A message given now outranks a check still under way.
      lastCheck.current++;
      setErrorState(message);
      element.current?.focus();
    },
    focus: () => element.current?.focus(),
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      submitted.current = true;
      const outcome = await check(element.current?.value ?? value);
      if (outcome === null) return;
      if (outcome.ok) {
        setErrorState(undefined);
        onValid(outcome.value);
      } else {
        setErrorState(outcome.message);
        element.current?.focus();
      }
    },
  };
}
