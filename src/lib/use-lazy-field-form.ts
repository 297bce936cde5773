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
  // The checks that follow the typing answer out of order (the schema loads once, then each is a
  // microtask or two): only the last one asked may set the message, and a submit's check, or a
  // message given, outranks them all. A submit's own check is never dropped.
  const lastRecheck = useRef(0);

  const check = useCallback(
    async (input: string): Promise<{ ok: true; value: Out } | { ok: false; message: string }> => {
      const schema = await load();
      const result = await schema['~standard'].validate({ [name]: input } as Record<Name, string>);
      if (!result.issues) return { ok: true, value: result.value[name] };
      return { ok: false, message: result.issues[0]?.message ?? '' };
    },
    [load, name],
  );

  const setValue = useCallback(
    (next: string) => {
      setValueState(next);
      if (!submitted.current) return;
      const asked = ++lastRecheck.current;
      void check(next).then((outcome) => {
        if (asked === lastRecheck.current) setErrorState(outcome.ok ? undefined : outcome.message);
      });
    },
    [check],
  );
  const onChange = useCallback((event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value), [setValue]);
  const ref = useCallback((el: HTMLInputElement | null) => {
    element.current = el;
  }, []);

  return {
    error,
    field: { name, value, onChange, ref },
    setValue,
    setError: (message) => {
      lastRecheck.current++;
      setErrorState(message);
      element.current?.focus();
    },
    focus: () => element.current?.focus(),
    handleSubmit: (onValid) => async (event) => {
      event?.preventDefault();
      submitted.current = true;
      // What the field holds, even if something filled it without an input event (autofill, an extension).
      const input = element.current?.value ?? value;
      if (input !== value) setValueState(input);
      lastRecheck.current++;
      const outcome = await check(input);
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
