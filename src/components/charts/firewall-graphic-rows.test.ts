import { describe, expect, it } from 'vitest';
import { createFormat } from '../../i18n/format';
import { dayTickStep, dayTicks, graphicRows, stackedSegments, tickCount } from './firewall-graphic-rows';

describe('tickCount', () => {
  it('groups German thousands the same way on every tick', () => {
    const tick = tickCount(createFormat('de'));
    expect([2400, 10_500, 120_000].map(tick)).toEqual(['2.400', '10.500', '120.000']);
  });

  it('keeps English ticks short', () => {
    expect([950, 2400, 10_500].map(tickCount(createFormat('en')))).toEqual(['950', '2.4K', '11K']);
  });
});

describe('the days labelled on the time axis', () => {
  const dates = Array.from({ length: 30 }, (_, i) => `2026-11-${String(i + 1).padStart(2, '0')}`);

  it('labels as many days as fit, evenly, always the last one', () => {
    // A wide panel (about 830 px of plot): every third day.
    expect(dayTickStep(30, 830)).toBe(3);
    const wide = dayTicks(dates, 3);
    expect(wide).toHaveLength(10);
    expect(wide.at(-1)).toBe('2026-11-30');
    expect(wide[0]).toBe('2026-11-03');
  });

  it('labels fewer days in a 360 px panel frame, and every day where there is room', () => {
    const step = dayTickStep(30, 260);
    expect(step).toBe(8);
    expect(dayTicks(dates, step)).toEqual(['2026-11-06', '2026-11-14', '2026-11-22', '2026-11-30']);
    expect(dayTicks(dates, dayTickStep(30, 2000))).toEqual(dates);
    // No room at all still labels today.
    expect(dayTicks(dates, dayTickStep(30, 0))).toEqual(['2026-11-30']);
  });
});

describe('a day as one bar cut into its attack classes', () => {
  const [day, quiet, none] = graphicRows([
    {
      date: '2026-11-17',
      counts: { allowed: 900, blocked: 100, dos: 60, injection: 20, uploads: 0, other: 10, uniqueIps: 7 },
    },
    {
      date: '2026-11-18',
      counts: { allowed: 50, blocked: 0, dos: 0, injection: 0, uploads: 0, other: 0, uniqueIps: 0 },
    },
    { date: '2026-11-19', counts: null },
  ]);

  it('adds the classes up to the bar (the unclassified rest included)', () => {
    expect(day).toMatchObject({ blocked: 100, dos: 60, injection: 20, uploads: 0, other: 10, unclassified: 10 });
    expect(quiet?.blocked).toBe(0);
    expect(none).toEqual({ date: '2026-11-19', noData: true });
  });

  it('stacks the classes bottom up in their order, each its share of the height, none for a class of 0', () => {
    // The bar from y 100 to 300: 200 px for 100 requests.
    expect(stackedSegments(day, 100, 200)).toEqual([
      { attack: 'dos', y: 180, height: 120 },
      { attack: 'injection', y: 140, height: 40 },
      { attack: 'other', y: 120, height: 20 },
      { attack: 'unclassified', y: 100, height: 20 },
    ]);
  });

  it('draws nothing for a day with nothing blocked, without data, or with no height', () => {
    expect(stackedSegments(quiet, 300, 0)).toEqual([]);
    expect(stackedSegments(none, 300, 0)).toEqual([]);
    expect(stackedSegments(undefined, 100, 200)).toEqual([]);
    expect(stackedSegments(day, 300, 0)).toEqual([]);
  });
});
