/** Which units a turn of the background reconcile checks (src/data/reconcile.ts backgroundTurn). */
import { describe, expect, it } from 'vitest';
import { backgroundTurn, RECONCILE_EVERY_MS } from './reconcile';

const NOW = 1_800_000_000_000;
const unit = (email: string, checkedAt: number | null) => ({ email, checkedAt });

describe('a background turn', () => {
  it('takes the units never checked first, then the longest unchecked, and leaves those checked lately', () => {
    const units = [
      unit('recent@x.example', NOW - RECONCILE_EVERY_MS + 60_000),
      unit('old@x.example', NOW - 2 * RECONCILE_EVERY_MS),
      unit('b-never@x.example', null),
      unit('older@x.example', NOW - 3 * RECONCILE_EVERY_MS),
      unit('a-never@x.example', null),
      unit('just-due@x.example', NOW - RECONCILE_EVERY_MS),
    ];
    expect(backgroundTurn(units, NOW)).toEqual({
      units: ['a-never@x.example', 'b-never@x.example', 'older@x.example', 'old@x.example', 'just-due@x.example'],
      last: true,
    });
  });

  it('checks at most its size, and says when units are left for the next turn', () => {
    const units = Array.from({ length: 25 }, (_, i) => unit(`u${String(i).padStart(2, '0')}@x.example`, i * 1000));
    const first = backgroundTurn(units, NOW, 10);
    expect(first).toEqual({ units: units.slice(0, 10).map((u) => u.email), last: false });
    // Those ten checked now: the next turn takes the next ten, the one after the last five.
    const checked = units.map((u, i) => (i < 10 ? { ...u, checkedAt: NOW } : u));
    expect(backgroundTurn(checked, NOW, 10)).toEqual({ units: units.slice(10, 20).map((u) => u.email), last: false });
    const later = checked.map((u, i) => (i < 20 ? { ...u, checkedAt: NOW } : u));
    expect(backgroundTurn(later, NOW, 10)).toEqual({ units: units.slice(20).map((u) => u.email), last: true });
    expect(backgroundTurn([], NOW, 10)).toEqual({ units: [], last: true });
  });

  it('leaves out the units this page checked in its earlier turns, whatever the clocks say', () => {
    // A browser clock a day ahead: every unit looks due, however lately it was checked.
    const units = Array.from({ length: 5 }, (_, i) => unit(`u${i}@x.example`, NOW));
    const ahead = NOW + 24 * 60 * 60_000;
    const first = backgroundTurn(units, ahead, 3);
    expect(first).toEqual({ units: ['u0@x.example', 'u1@x.example', 'u2@x.example'], last: false });
    const second = backgroundTurn(units, ahead, 3, new Set(first.units));
    expect(second).toEqual({ units: ['u3@x.example', 'u4@x.example'], last: true });
    expect(backgroundTurn(units, ahead, 3, new Set([...first.units, ...second.units]))).toEqual({
      units: [],
      last: true,
    });
  });
});
