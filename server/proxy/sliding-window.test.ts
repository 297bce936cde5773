import { describe, expect, it } from 'vitest';
import { SlidingWindow } from './sliding-window.ts';

/** A clock the test moves by hand: the window's own time source, passed in. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('SlidingWindow', () => {
  it('allows `count` events per window and says when the next one may come', () => {
    const time = clock();
    const window = new SlidingWindow({ count: 3, windowMs: 60_000 }, time.now);
    for (let i = 0; i < 3; i += 1) {
      expect(window.waitMs('a')).toBe(0);
      window.count('a');
      time.advance(10_000);
    }
    // Events at 0, 10 and 20 s; now 30 s: the first leaves the window at 60 s.
    expect(window.waitMs('a')).toBe(30_000);
    expect(window.waitMs('b')).toBe(0);
    time.advance(30_000);
    expect(window.waitMs('a')).toBe(0);
  });

  it('takes back an event that turned out not to count', () => {
    const time = clock();
    const window = new SlidingWindow({ count: 1, windowMs: 60_000 }, time.now);
    const at = window.count('a');
    expect(window.waitMs('a')).toBeGreaterThan(0);
    window.forget('a', at);
    expect(window.waitMs('a')).toBe(0);
    expect(window.size).toBe(0);
  });

  it('keeps at most maxKeys keys: expired ones go first, then the least recently counted', () => {
    const time = clock();
    const window = new SlidingWindow({ count: 1, windowMs: 60_000 }, time.now, 3);
    window.count('old');
    time.advance(61_000);
    window.count('a');
    window.count('b');
    window.count('c'); // full: 'old' has expired and goes
    expect(window.size).toBe(3);
    expect(window.waitMs('a')).toBeGreaterThan(0);
    window.count('a'); // counted again: now the most recent
    window.count('d'); // full, none expired (and swept a moment ago): 'b' goes
    expect(window.size).toBe(3);
    expect(window.waitMs('b')).toBe(0);
    expect(window.waitMs('a')).toBeGreaterThan(0);
    expect(window.waitMs('c')).toBeGreaterThan(0);
  });
});
