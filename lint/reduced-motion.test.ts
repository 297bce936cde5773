import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A person who asks their system for less motion gets none from us: every class list
 * that makes something spin or pulse also stops it under `prefers-reduced-motion`
 * (Tailwind's `motion-reduce:` variant), as WCAG 2.3.3 asks. The stop has the moving
 * class's own variants too: `motion-reduce:animate-none` is less specific than
 * `data-[state=x]:animate-pulse` and would not stop it.
 */
const MOVING = /^animate-(spin|pulse|ping|bounce)$/;

/** A class's variants (in any order) and its utility: `motion-reduce:data-[a]:animate-none`. */
function parts(token: string): { variants: string; utility: string } {
  const pieces = token.split(':');
  return { variants: pieces.slice(0, -1).sort().join(':'), utility: pieces.at(-1) ?? '' };
}

/** The moving classes of the string literals of a source file that nothing stops under reduced motion. */
export function unstoppedMotion(source: string): string[] {
  const literals = source.match(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g) ?? [];
  return literals.flatMap((literal) => {
    const tokens = literal.slice(1, -1).split(/\s+/).map(parts);
    const stops = new Set(tokens.filter((t) => t.utility === 'animate-none').map((t) => t.variants));
    return tokens
      .filter((t) => MOVING.test(t.utility))
      .filter((t) => !stops.has([...t.variants.split(':').filter(Boolean), 'motion-reduce'].sort().join(':')))
      .map((t) => `${t.variants === '' ? '' : `${t.variants}:`}${t.utility} in ${literal}`);
  });
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('reduced motion', () => {
  it('finds a spinner that keeps spinning, and lets one that stops pass', () => {
    expect(unstoppedMotion(`<span className="size-4 animate-spin rounded-full" />`)).toHaveLength(1);
    expect(unstoppedMotion(`<span className="size-4 animate-spin motion-reduce:animate-none" />`)).toEqual([]);
  });

  it("wants the stop with the moving class's own variants, not any reduced-motion class", () => {
    // The indeterminate progress bar as it was: its transition stopped, its pulse not.
    const bar = `"bg-primary transition-transform motion-reduce:transition-none data-[state=indeterminate]:animate-pulse"`;
    expect(unstoppedMotion(bar)).toHaveLength(1);
    expect(unstoppedMotion(bar.replace('"bg', '"motion-reduce:animate-none bg'))).toHaveLength(1);
    expect(unstoppedMotion(bar.replace('"bg', '"motion-reduce:data-[state=indeterminate]:animate-none bg'))).toEqual(
      [],
    );
  });

  it('every spin and pulse in the SPA stops when less motion is asked for', () => {
    const files = sources(join(import.meta.dirname, '..', 'src'));
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => unstoppedMotion(readFileSync(file, 'utf8')).map((l) => `${file}: ${l}`));
    expect(found).toEqual([]);
  });
});
