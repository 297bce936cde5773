// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { detectEmbedMode, isEmbedded } from './embed-mode';

function open(pathAndQuery: string): void {
  window.history.replaceState(null, '', pathAndQuery);
}

describe('embed mode (?embed=1)', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('turns on, marks <html> and takes the parameter off the address, keeping the rest', () => {
    open('/sites?q=bakery&embed=1#top');
    expect(detectEmbedMode()).toBe(true);
    expect(isEmbedded()).toBe(true);
    expect(document.documentElement.hasAttribute('data-embed')).toBe(true);
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/sites?q=bakery#top');
  });

  it('stays on for the tab (a reload of the frame), and ?embed=0 turns it off', () => {
    open('/?embed=1');
    detectEmbedMode();
    open('/units');
    expect(detectEmbedMode()).toBe(true);
    open('/units?embed=0');
    expect(detectEmbedMode()).toBe(false);
    expect(document.documentElement.hasAttribute('data-embed')).toBe(false);
    expect(window.location.search).toBe('');
    open('/units');
    expect(detectEmbedMode()).toBe(false);
  });

  it('is off without the parameter, and other values do not turn it on', () => {
    open('/');
    expect(detectEmbedMode()).toBe(false);
    open('/?embed=yes');
    expect(detectEmbedMode()).toBe(false);
  });
});
