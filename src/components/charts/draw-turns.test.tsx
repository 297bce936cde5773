/**
 * The charts of one page draw one a task, in the order they asked, each after the one before
 * has drawn (it gives its turn back); one that leaves the page gives up its turn; a turn runs out
 * after half a second; printing draws every chart still waiting, and what else asked to.
 */
import { describe, expect, it } from 'vitest';
import { askToDraw, isPrinting, onPrint } from './draw-turns';

const aTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function chart(log: string[], name: string) {
  return askToDraw(
    () => log.push(`${name} in turn`),
    () => log.push(`${name} now${isPrinting() ? ' (printing)' : ''}`),
  );
}

describe('draw turns', () => {
  it('draws one chart a task, the next once the one before has given its turn back', async () => {
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => chart(log, name));
    expect(log).toEqual([]);
    await aTask();
    expect(log).toEqual(['a in turn']);
    await aTask();
    expect(log).toEqual(['a in turn']);
    c?.();
    a?.();
    await aTask();
    expect(log).toEqual(['a in turn', 'b in turn']);
    // Given back twice (drawn, then the chart left): nothing more is passed on.
    a?.();
    await aTask();
    expect(log).toEqual(['a in turn', 'b in turn']);
    b?.();
    await aTask();
    expect(log).toEqual(['a in turn', 'b in turn', 'd in turn']);
    d?.();
  });

  it('a turn not given back runs out, and the next chart draws', async () => {
    const log: string[] = [];
    const a = chart(log, 'a');
    const b = chart(log, 'b');
    await aTask();
    expect(log).toEqual(['a in turn']);
    await expect.poll(() => log, { timeout: 10_000 }).toEqual(['a in turn', 'b in turn']);
    a();
    b();
  });

  it('printing draws every chart still waiting, and what asked to, at once', async () => {
    const log: string[] = [];
    const leave = ['a', 'b', 'c'].map((name) => chart(log, name));
    const stop = onPrint(() => log.push(`panel${isPrinting() ? ' (printing)' : ''}`));
    await aTask();
    window.dispatchEvent(new Event('beforeprint'));
    expect(log).toEqual(['a in turn', 'a now (printing)', 'b now (printing)', 'c now (printing)', 'panel (printing)']);
    expect(isPrinting()).toBe(false);
    // Drawn, each gives its turn back (as a chart's effect does): nothing is left waiting.
    leave.forEach((l) => l());
    stop();
    window.dispatchEvent(new Event('beforeprint'));
    expect(log).toHaveLength(5);
  });
});
