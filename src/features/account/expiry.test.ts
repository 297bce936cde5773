import { describe, expect, it } from 'vitest';
import { createFormat } from '../../i18n/format';
import { describeExpiry } from './expiry';
import { accountMessages } from './messages';

const t = accountMessages.get();

describe('describeExpiry', () => {
  it('renders what api_keyinfo gives (docs/partner-api.md#key-metadata: 0 = no expiry)', () => {
    const en = createFormat('en');
    expect(describeExpiry(0, t, en)).toBe('Never expires');
    expect(describeExpiry(1_800_000_000, t, en)).toMatch(/^Expires .*20(27|28)/);
    expect(describeExpiry(undefined, t, en)).toBe('Expiry not reported');
    expect(describeExpiry('soon', t, en)).toBe('Expires: soon');
  });

  it('writes the date in the language in use', () => {
    expect(describeExpiry(1_800_000_000, t, createFormat('de'))).toMatch(/^Expires \d{2}\.\d{2}\.20(27|28)/);
  });
});
