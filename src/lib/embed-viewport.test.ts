import { describe, expect, it } from 'vitest';
import { bandAround, bandVariables, MIN_BAND_HEIGHT, placementBand } from './embed-viewport';

describe('the band of a hoster panel’s frame that dialogs and toasts open in', () => {
  it('is the part the panel reports, in a frame taller than it', () => {
    expect(placementBand({ top: 1500, height: 720 }, 4000)).toEqual({ top: 1500, height: 720 });
    expect(placementBand({ top: 0, height: 4000 }, 4000)).toEqual({ top: 0, height: 4000 });
  });

  it('is clamped to the frame (the panel’s numbers may be stale after a resize)', () => {
    expect(placementBand({ top: 3500, height: 720 }, 4000)).toEqual({ top: 3500, height: 500 });
    expect(placementBand({ top: 0, height: 9000 }, 800)).toEqual({ top: 0, height: 800 });
  });

  it('grows to leave a dialog room when the panel shows only a sliver, away from the frame’s edges', () => {
    expect(placementBand({ top: 2000, height: 100 }, 4000)).toEqual({ top: 1890, height: MIN_BAND_HEIGHT });
    // The frame's last 50 px at the top of the window: the band ends with the frame.
    expect(placementBand({ top: 3950, height: 50 }, 4000)).toEqual({ top: 4000 - MIN_BAND_HEIGHT, height: 320 });
    // Scrolled out of view above (height 0 at the frame's end), or below (at its start).
    expect(placementBand({ top: 4000, height: 0 }, 4000)).toEqual({ top: 3680, height: 320 });
    expect(placementBand({ top: 0, height: 0 }, 4000)).toEqual({ top: 0, height: 320 });
    // A frame shorter than that: all of it.
    expect(placementBand({ top: 100, height: 50 }, 200)).toEqual({ top: 0, height: 200 });
  });

  it('without the panel’s word, is centred on where the user was, within the frame', () => {
    expect(bandAround(2400, 4000, 600)).toEqual({ top: 2100, height: 600 });
    expect(bandAround(120, 4000, 600)).toEqual({ top: 0, height: 600 });
    expect(bandAround(3990, 4000, 600)).toEqual({ top: 3400, height: 600 });
    expect(bandAround(300, 480, 600)).toEqual({ top: 0, height: 480 });
  });

  it('is handed to the styles as two custom properties in whole pixels', () => {
    expect(bandVariables({ top: 1499.6, height: 720.2 })).toEqual({
      '--embed-view-top': '1500px',
      '--embed-view-height': '720px',
    });
  });
});
