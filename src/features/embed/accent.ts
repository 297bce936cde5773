/**
 * A panel's accent colour (the `theme` message, docs/embedding.md), applied
 * through the theme's CSS variables (src/index.css) on `<html>`, with the
 * contrast the dashboard promises kept (WCAG AA): the button text is white or
 * black, whichever reads better on the accent; links and the focus ring take
 * the accent darkened (light theme) or lightened (dark theme) until it reads
 * on the page's surface.
 */
import { HEX_COLOUR } from './protocol';

type Rgb = readonly [number, number, number];

/** The variables an accent sets; removing them restores the theme's own. */
const ACCENT_VARIABLES = ['--primary', '--primary-hover', '--primary-foreground', '--link', '--ring'] as const;
type AccentVariable = (typeof ACCENT_VARIABLES)[number];

export function parseHex(hex: string): Rgb | null {
  if (!HEX_COLOUR.test(hex)) return null;
  const digits =
    hex.length === 4
      ? hex
          .slice(1)
          .split('')
          .map((d) => d + d)
      : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r = 0, g = 0, b = 0] = digits.map((d) => parseInt(d, 16));
  return [r, g, b];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

function luminance([r, g, b]: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** The WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05);
}

function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  const at = (i: 0 | 1 | 2) => a[i] + (b[i] - a[i]) * amount;
  return [at(0), at(1), at(2)];
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** The accent moved towards black or white until it reaches `ratio` against `surface`. */
function readableOn(accent: Rgb, surface: Rgb, ratio: number): Rgb {
  const towards = luminance(surface) > 0.5 ? BLACK : WHITE;
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(accent, towards, step / 20);
    if (contrast(candidate, surface) >= ratio) return candidate;
  }
  return towards;
}

/** The variables for an accent on a page whose surface is `surface` (the theme's --surface). */
export function accentVariables(accentHex: string, surfaceHex: string): Record<AccentVariable, string> | null {
  const accent = parseHex(accentHex);
  const surface = parseHex(surfaceHex);
  if (accent === null || surface === null) return null;
  // Black or white on the accent: one of them always reaches 4.5:1.
  const onAccent = contrast(WHITE, accent) >= contrast(BLACK, accent) ? WHITE : BLACK;
  // Hover moves away from the text colour, so the text keeps its contrast.
  const hover = mix(accent, onAccent === WHITE ? BLACK : WHITE, 0.15);
  const link = readableOn(accent, surface, 4.5);
  return {
    '--primary': toHex(accent),
    '--primary-hover': toHex(hover),
    '--primary-foreground': toHex(onAccent),
    '--link': toHex(link),
    '--ring': toHex(link),
  };
}

/**
 * Applies an accent to `root` (null removes it), and again whenever the
 * light/dark class changes, since the readable link colour depends on the
 * surface. Returns a function that stops following the theme.
 */
export function applyAccent(root: HTMLElement, accentHex: string | null): () => void {
  const apply = () => {
    for (const name of ACCENT_VARIABLES) root.style.removeProperty(name);
    if (accentHex === null) return;
    const surface = getComputedStyle(root).getPropertyValue('--surface').trim();
    const variables = accentVariables(accentHex, surface) ?? accentVariables(accentHex, '#ffffff');
    if (variables === null) return;
    // The CSSOM, not a style attribute: the CSP (style-src 'self') allows it.
    for (const name of ACCENT_VARIABLES) root.style.setProperty(name, variables[name]);
  };
  apply();
  if (accentHex === null) return () => undefined;
  const observer = new MutationObserver(apply);
  observer.observe(root, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}
