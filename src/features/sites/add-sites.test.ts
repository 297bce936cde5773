import { describe, expect, it } from 'vitest';
import { parseAddLines } from '../../data/site-model/add-lines';
import { afterSend, planSend } from './add-sites';

describe('after sending the add box', () => {
  it('keeps the lines not added, each with its reason; drops what went in', () => {
    const lines = parseAddLines(
      ['a.example', 'bad_name', 'exists.example', 'b.example', 'c.example', 'a.example'].join('\n'),
      { hasAgency: true },
    );
    const plan = planSend(lines, new Set(['exists.example']));
    expect(plan.sent.map((l) => l.site)).toEqual(['b.example', 'c.example', 'a.example']);
    const after = afterSend(lines, plan, {
      added: [2],
      failed: new Map([[0, 'Refused']]),
      overPlan: [1],
      notSent: [],
    });
    expect(after.text).toBe('bad_name\nb.example\nc.example');
    expect([...after.results]).toEqual([
      ['b.example', { kind: 'refused', message: 'Refused' }],
      ['c.example', { kind: 'planFull' }],
    ]);
  });
});
