/**
 * Setup of the component tests (jsdom): jest-dom matchers, a clean DOM after
 * each test, and no console.error left unnoticed (the Epic Stack habit): React
 * reports act() warnings, key warnings and caught render errors there, so a
 * test that logs one fails.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { loadSignedInErrorTexts } from '../i18n/error-text';
import { assertNoConsoleErrors, recordConsoleErrors } from './console-errors';

// Layout and pointer APIs jsdom does not implement and Radix calls (Select
// scrolls the chosen item into view and captures the pointer; Tooltip, Select
// and the popper measure with ResizeObserver). No-ops: jsdom has no layout.
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
if (!Element.prototype.hasPointerCapture) Element.prototype.hasPointerCapture = () => false;
if (!Element.prototype.releasePointerCapture) Element.prototype.releasePointerCapture = () => undefined;
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// Component tests talk to a real server (test-support/real-stack.ts): on a busy machine an
// answer can take seconds (and a cold clone's first lazy import over 10), so findBy*/waitFor
// wait for the state up to 20 s instead of Testing Library's 1 s. A state that never comes
// still fails, only later.
configure({ asyncUtilTimeout: 20_000 });

// Components render as on a signed-in page, whose layout has loaded every error text.
beforeAll(() => loadSignedInErrorTexts());

let stop: (() => void) | undefined;
beforeEach(() => {
  stop = recordConsoleErrors();
});
afterEach(() => {
  cleanup();
  stop?.();
  assertNoConsoleErrors();
});
