/**
 * Where dialogs and toasts open inside a hoster panel's frame (docs/embedding.md,
 * "The part of the frame the panel shows").
 *
 * The panel sizes the iframe to the dashboard's content, so the frame's own
 * viewport is the whole page, thousands of pixels maybe, and the panel's
 * window shows a band of it. Centred in the frame's viewport (`position:
 * fixed`), a dialog would open in the middle of that page, perhaps far from
 * what the user sees. So in embed mode dialogs and toasts are placed in a
 * band of the frame, through two custom properties the `embed:` variants of
 * src/components/ui/dialog.tsx and toast.tsx read:
 *
 * - `--embed-view-top`, `--embed-view-height`: the band, in the frame's CSS
 *   pixels (fixed positions are the frame's viewport's). On `<html>`, set
 *   from the panel's `viewport` message (src/features/embed/start.ts); the
 *   whole frame until one comes (src/index.css).
 * - Without any `viewport` message (a panel with a helper of its own that does
 *   not send it), a dialog or the toasts set the two on themselves: a band
 *   around where the user last pointed or moved the focus to (the control
 *   that opened them: it is visible, the user just used it), within the frame.
 *
 * Nothing here scrolls: not the frame's document, not the panel's page.
 */
import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useState, type CSSProperties } from 'react';
import { isEmbedded } from './embed-mode';

/** A horizontal band of the frame: its top and height in CSS pixels of the frame. */
export interface Band {
  top: number;
  height: number;
}

/** A dialog gets at least this much of the frame (or all of a shorter frame), even where the panel shows less. */
export const MIN_BAND_HEIGHT = 320;
/** Without the panel's word: a dialog centred on the control that opened it, in a band this tall. */
export const FALLBACK_DIALOG_BAND = 600;
/** Without the panel's word: the toasts end a little below where the user was. */
export const FALLBACK_TOAST_BAND = 240;

export const VIEW_TOP = '--embed-view-top';
export const VIEW_HEIGHT = '--embed-view-height';

/** True once the panel has said which part of the frame it shows (a `viewport` message). */
export const hostReportsViewport = atom(false);

/** The band of the frame the panel shows, as last reported (null: not reported); long lists render only that part. */
export const hostViewport = atom<Band | null>(null);

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * The band to place things in: `band` clamped to a frame `frameHeight` tall,
 * and grown (away from the frame's edges) to at least `minHeight`, or the
 * whole frame when it is shorter, so a dialog has room even when the panel
 * shows only a sliver of the frame.
 */
export function placementBand(band: Band, frameHeight: number, minHeight = MIN_BAND_HEIGHT): Band {
  const frame = Math.max(0, frameHeight);
  let top = clamp(band.top, 0, frame);
  let bottom = clamp(band.top + Math.max(0, band.height), top, frame);
  const need = Math.min(minHeight, frame);
  if (bottom - top < need) {
    const grow = (need - (bottom - top)) / 2;
    top -= grow;
    bottom += grow;
    if (top < 0) [top, bottom] = [0, bottom - top];
    if (bottom > frame) [top, bottom] = [top - (bottom - frame), frame];
  }
  return { top, height: bottom - top };
}

/** A band `height` tall centred on `anchorY` (where the user was), within a frame `frameHeight` tall. */
export function bandAround(anchorY: number, frameHeight: number, height: number): Band {
  return placementBand({ top: anchorY, height: 0 }, frameHeight, height);
}

/** The two custom properties for a band, in whole pixels. */
export function bandVariables(band: Band): Record<typeof VIEW_TOP | typeof VIEW_HEIGHT, string> {
  return { [VIEW_TOP]: `${Math.round(band.top)}px`, [VIEW_HEIGHT]: `${Math.round(band.height)}px` };
}

/** Where the user last pointed or moved the focus to, in the frame's viewport (null: not yet). */
let lastInteractionY: number | null = null;

/**
 * Follows where the user points and where the focus goes (capture phase, so
 * nothing stops it); embed mode starts it (src/features/embed/start.ts).
 * Returns a function that stops it.
 */
export function trackInteractions(doc: Document = document): () => void {
  const onPointer = (event: PointerEvent) => {
    lastInteractionY = event.clientY;
  };
  const onFocus = (event: FocusEvent) => {
    const { target } = event;
    if (!(target instanceof Element) || target === doc.body || target === doc.documentElement) return;
    const box = target.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) return;
    // A large focused box (a scrolling list, the page's main part): its top, where it is read from.
    lastInteractionY = box.top + Math.min(box.height / 2, 24);
  };
  doc.addEventListener('pointerdown', onPointer, true);
  doc.addEventListener('focusin', onFocus, true);
  return () => {
    doc.removeEventListener('pointerdown', onPointer, true);
    doc.removeEventListener('focusin', onFocus, true);
  };
}

/** The band around the last interaction, or null outside embed mode or before any interaction. */
function fallbackBand(height: number, win: Window = window): Band | null {
  if (!isEmbedded() || lastInteractionY === null) return null;
  return bandAround(lastInteractionY, win.innerHeight, height);
}

/**
 * The style that places a dialog (or the toasts) near the user when the panel
 * has not said what it shows: decided when the component mounts (a dialog
 * opens) and again when `key` changes (a new toast), not at every render, so
 * a click inside an open dialog does not move it. Undefined outside embed
 * mode and once the panel reports its viewport (the variables on `<html>`
 * then apply).
 */
export function useFallbackPlacement(height: number, key?: unknown): CSSProperties | undefined {
  const reported = useStore(hostReportsViewport);
  const [placed, setPlaced] = useState(() => ({ key, band: fallbackBand(height) }));
  if (placed.key !== key) setPlaced({ key, band: fallbackBand(height) });
  if (reported || placed.band === null) return undefined;
  return bandVariables(placed.band) as CSSProperties;
}

/** Applies the panel's `viewport` (the frame's visible band) to `<html>`, within a frame `frameHeight` tall. */
export function showHostViewport(root: HTMLElement, band: Band, frameHeight: number): void {
  // The CSSOM, not a style attribute: the CSP (style-src 'self') allows it.
  for (const [name, value] of Object.entries(bandVariables(placementBand(band, frameHeight)))) {
    root.style.setProperty(name, value);
  }
  hostReportsViewport.set(true);
  const top = Math.min(Math.max(0, band.top), frameHeight);
  hostViewport.set({ top, height: Math.max(0, Math.min(band.height, frameHeight - top)) });
}
