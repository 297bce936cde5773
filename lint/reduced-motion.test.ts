import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A person who asks their system for less motion gets none from us: every class list
 * that makes something spin or pulse also stops it under `prefers-reduced-motion`
 * (Tailwind's `motion-reduce:` variant), as WCAG 2.3.3 asks.
 */
const MOVING = /\banimate-(spin|pulse|ping|bounce)\b/;

/** The string literals of a source file that move something without a reduced-motion variant. */
export function unstoppedMotion(source: string): string[] {
  const literals = source.match(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g) ?? [];
  return literals.filter((literal) => MOVING.test(literal) && !literal.includes('motion-reduce:'));
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

  it('every spin and pulse in the SPA stops when less motion is asked for', () => {
    const files = sources('src');
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => unstoppedMotion(readFileSync(file, 'utf8')).map((l) => `${file}: ${l}`));
    expect(found).toEqual([]);
  });
});
