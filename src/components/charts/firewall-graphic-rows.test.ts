import { describe, expect, it } from 'vitest';
import { createFormat } from '../../i18n/format';
import { tickCount } from './firewall-graphic-rows';

describe('tickCount', () => {
  it('groups German thousands the same way on every tick', () => {
    const tick = tickCount(createFormat('de'));
    expect([2400, 10_500, 120_000].map(tick)).toEqual(['2.400', '10.500', '120.000']);
  });

  it('keeps English ticks short', () => {
    expect([950, 2400, 10_500].map(tickCount(createFormat('en')))).toEqual(['950', '2.4K', '11K']);
  });
});
