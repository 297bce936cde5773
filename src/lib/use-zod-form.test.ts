import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { zodMiniResolver } from './use-zod-form';

const schema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Enter it.'), z.regex(/@/, 'Needs an @.')),
  address: z.object({ zip: z.string().check(z.regex(/^\d+$/, 'Digits only.')) }),
});
type Values = z.input<typeof schema>;
const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };

describe('zodMiniResolver', () => {
  const resolve = zodMiniResolver(schema);

  it('gives the parsed values (trimmed) and no errors', async () => {
    await expect(resolve({ email: ' a@b.example ', address: { zip: '123' } }, undefined, options)).resolves.toEqual({
      values: { email: 'a@b.example', address: { zip: '123' } },
      errors: {},
    });
  });

  it('gives each field its first issue, nested by path, and no values', async () => {
    await expect(resolve({ email: ' ', address: { zip: 'x' } }, undefined, options)).resolves.toEqual({
      values: {},
      errors: {
        email: { type: 'validation', message: 'Enter it.' },
        address: { zip: { type: 'validation', message: 'Digits only.' } },
      },
    });
  });
});
