import { describe, expect, it } from 'vitest';
import { formatCountdown } from './format-time';

describe('formatCountdown', () => {
  it('shows m:ss, rounding up so 0:00 means expired', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(61_001)).toBe('1:02');
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });
});
