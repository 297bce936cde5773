import { describe, expect, it } from 'vitest';
import { describeExpiry, formatCountdown } from './format-time';

describe('formatCountdown', () => {
  it('shows m:ss, rounding up so 0:00 means expired', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(61_001)).toBe('1:02');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
});

describe('describeExpiry', () => {
  it('renders what api_keyinfo gives (spec §2.6: 0 = no expiry)', () => {
    expect(describeExpiry(0)).toBe('Never expires');
    expect(describeExpiry(1_800_000_000)).toMatch(/^Expires .*20(27|28)/);
    expect(describeExpiry(undefined)).toBe('Expiry not reported');
    expect(describeExpiry('soon')).toBe('Expires: soon');
  });
});
