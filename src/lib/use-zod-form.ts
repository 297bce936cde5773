import {
  set,
  useForm,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type * as z from 'zod/mini';

type FormSchema = z.core.$ZodType<FieldValues, FieldValues>;

/**
 * react-hook-form's resolver for a zod/mini schema: the parsed values, or each
 * field's first issue under its path. Written here rather than taken from
 * @hookform/resolvers, whose zod resolver also carries a zod 3 path and ES5
 * helpers into every form's chunk (about 1 KiB gzip; the login route's code
 * step and API-key form among them).
 */
export function zodMiniResolver<TSchema extends FormSchema>(
  schema: TSchema,
): Resolver<z.input<TSchema>, unknown, z.output<TSchema>> {
  return async (values) => {
    const result = await schema['~standard'].validate(values);
    if (!result.issues) return { values: result.value, errors: {} };
    const errors: FieldErrors<z.input<TSchema>> = {};
    const seen = new Set<string>();
    for (const issue of result.issues) {
      const path = (issue.path ?? []).map((p) => (typeof p === 'object' ? String(p.key) : String(p))).join('.');
      if (seen.has(path)) continue;
      seen.add(path);
      set(errors, path || 'root', { type: 'validation', message: issue.message });
    }
    return { values: {}, errors };
  };
}

/**
 * The one way a form is made (docs/architecture.md#one-form-wrapper): react-hook-form validated by
 * a zod schema, typed by the schema's input and output. Errors appear on
 * submit and then follow the user's typing; the first invalid field is focused.
 */
export function useZodForm<TSchema extends FormSchema>(
  schema: TSchema,
  options: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver'> = {},
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodMiniResolver(schema),
  });
}
