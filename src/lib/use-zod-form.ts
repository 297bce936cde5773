import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type * as z from 'zod/mini';

/**
 * The one way a form is made (STYLE.md habit 4): react-hook-form validated by
 * a zod schema, typed by the schema's input and output. Errors appear on
 * submit and then follow the user's typing; the first invalid field is focused.
 */
export function useZodForm<TSchema extends z.core.$ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  options: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, 'resolver'> = {},
): UseFormReturn<z.input<TSchema>, unknown, z.output<TSchema>> {
  return useForm<z.input<TSchema>, unknown, z.output<TSchema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver: zodResolver(schema),
  });
}
