import { describe, expect, it } from 'vitest';
import { accentVariables, contrast, parseHex } from './accent';

const LIGHT_SURFACE = '#ffffff';
const DARK_SURFACE = '#0f172a';

function ratio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (x === null || y === null) throw new Error(`not a colour: ${a} ${b}`);
  return contrast(x, y);
}

describe('a panel accent keeps the contrast (WCAG AA)', () => {
  it('reads #rgb and #rrggbb only', () => {
    expect(parseHex('#0f766e')).toEqual([15, 118, 110]);
    expect(parseHex('#FA0')).toEqual([255, 170, 0]);
    expect(parseHex('red')).toBeNull();
    expect(parseHex('#12345')).toBeNull();
  });

  const accents = ['#0f766e', '#7c3aed', '#f97316', '#ffff00', '#808080', '#ff0000', '#000000', '#ffffff', '#1d4ed8'];
  it.each(accents)('%s: button text, links and the focus ring stay readable in both themes', (accent) => {
    for (const surface of [LIGHT_SURFACE, DARK_SURFACE]) {
      const v = accentVariables(accent, surface);
      expect(v).not.toBeNull();
      if (v === null) return;
      expect(v['--primary']).toBe(accent);
      expect(ratio(v['--primary-foreground'], v['--primary'])).toBeGreaterThanOrEqual(4.5);
      expect(ratio(v['--primary-foreground'], v['--primary-hover'])).toBeGreaterThanOrEqual(4.5);
      expect(ratio(v['--link'], surface)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(v['--ring'], surface)).toBeGreaterThanOrEqual(3);
    }
  });

  it('keeps a readable accent as the link colour as it is', () => {
    expect(accentVariables('#0f766e', LIGHT_SURFACE)?.['--link']).toBe('#0f766e');
    // Too dark on the dark surface: lightened until it reads.
    expect(accentVariables('#0f766e', DARK_SURFACE)?.['--link']).not.toBe('#0f766e');
  });
});
