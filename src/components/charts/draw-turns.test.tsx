/**
 * The charts of one page draw one a task, in the order they asked, each after the one before
 * has drawn; one that leaves the page gives up its turn; printing draws every chart still waiting.
 */
import { describe, expect, it } from 'vitest';
import { askToDraw, drawn } from './draw-turns';

const aTask = () => new Promise((resolve) => setTimeout(resolve, 0));

function chart(log: string[], name: string) {
  return askToDraw(
    () => log.push(`${name} in turn`),
    () => log.push(`${name} now`),
  );
}

describe('draw turns', () => {
  it('draws one chart a task, the next once the one before has drawn', async () => {
    const log: string[] = [];
    chart(log, 'a');
    chart(log, 'b');
    const leaveC = chart(log, 'c');
    chart(log, 'd');
    expect(log).toEqual([]);
    await aTask();
    expect(log).toEqual(['a in turn']);
    await aTask();
    expect(log).toEqual(['a in turn']);
    drawn();
    leaveC();
    await aTask();
    expect(log).toEqual(['a in turn', 'b in turn']);
    drawn();
    await aTask();
    expect(log).toEqual(['a in turn', 'b in turn', 'd in turn']);
    drawn();
  });

  it('a chart that leaves in its turn passes it on', async () => {
    const log: string[] = [];
    const leaveA = chart(log, 'a');
    chart(log, 'b');
    await aTask();
    leaveA();
    await aTask();
    expect(log).toEqual(['a in turn', 'b in turn']);
    drawn();
  });

  it('printing draws every chart still waiting, at once', async () => {
    const log: string[] = [];
    const leave = ['a', 'b', 'c'].map((name) => chart(log, name));
    await aTask();
    window.dispatchEvent(new Event('beforeprint'));
    expect(log).toEqual(['a in turn', 'a now', 'b now', 'c now']);
    // Drawn, each leaves the queue (as a chart's effect does): nothing is left waiting.
    leave.forEach((l) => l());
    window.dispatchEvent(new Event('beforeprint'));
    expect(log).toHaveLength(4);
  });
});
