/**
 * Dialogs and toasts in a hoster panel's frame (src/lib/embed-viewport.ts):
 * the frame is as tall as the page, so they open in the band the panel says
 * it shows, or, where the panel says nothing, around the control just used.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { detectEmbedMode } from '../../lib/embed-mode';
import { hostReportsViewport, showHostViewport, trackInteractions } from '../../lib/embed-viewport';
import { toast, toasts } from '../../lib/toast-store';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog, DialogContent, DialogTrigger } from './dialog';
import { Toaster } from './toast';

const FRAME = 4000;
const root = document.documentElement;

function DeleteSite() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete example.com?"
        description="This cannot be undone."
        confirmLabel="Delete site"
        onConfirm={() => undefined}
      />
    </>
  );
}

function AddSites() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Add sites</Button>
      </DialogTrigger>
      <DialogContent title="Add sites">
        <textarea aria-label="Sites" />
      </DialogContent>
    </Dialog>
  );
}

/** The two custom properties an element sets itself. */
const band = (el: HTMLElement) => [
  el.style.getPropertyValue('--embed-view-top'),
  el.style.getPropertyValue('--embed-view-height'),
];

/** A click where a real pointer would be (jsdom lays nothing out): y in the frame. */
async function pressAt(user: ReturnType<typeof userEvent.setup>, button: HTMLElement, clientY: number) {
  await user.pointer({ keys: '[MouseLeft]', target: button, coords: { clientY } });
}

let stopTracking: () => void = () => undefined;
let innerHeight: PropertyDescriptor | undefined;

beforeAll(() => {
  innerHeight = Object.getOwnPropertyDescriptor(window, 'innerHeight');
  // The panel sized the frame to a long page.
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: FRAME });
});
afterAll(() => {
  if (innerHeight) Object.defineProperty(window, 'innerHeight', innerHeight);
});
beforeEach(() => {
  window.history.replaceState(null, '', '/sites?embed=1');
  detectEmbedMode();
  stopTracking = trackInteractions(document);
});
afterEach(() => {
  stopTracking();
  toasts.set([]);
  hostReportsViewport.set(false);
  root.style.removeProperty('--embed-view-top');
  root.style.removeProperty('--embed-view-height');
  window.history.replaceState(null, '', '/?embed=0');
  detectEmbedMode();
});

describe('in a panel that does not say what it shows', () => {
  it('opens a confirmation around the control that opened it, keeps it there, and gives focus back', async () => {
    const user = userEvent.setup();
    render(<DeleteSite />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await pressAt(user, opener, 2400);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete example.com?' });
    expect(band(dialog)).toEqual(['2100px', '600px']);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // A click inside the open dialog does not move it.
    fireEvent.pointerDown(dialog, { clientY: 2200 });
    expect(band(dialog)).toEqual(['2100px', '600px']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('opens a dialog within the frame near its end', async () => {
    const user = userEvent.setup();
    render(<AddSites />);
    await pressAt(user, screen.getByRole('button', { name: 'Add sites' }), 3950);
    const dialog = screen.getByRole('dialog', { name: 'Add sites' });
    expect(band(dialog)).toEqual(['3400px', '600px']);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('shows a toast just below where the user was', async () => {
    render(<Toaster />);
    fireEvent.pointerDown(document.body, { clientY: 1800 });
    act(() => void toast({ tone: 'success', title: 'Sites exported' }));
    const region = screen.getByRole('region', { name: /Notifications/ });
    const viewport = region.querySelector('ol');
    if (!viewport) throw new Error('no toast list');
    expect(band(viewport)).toEqual(['1680px', '240px']);
    // The next toast comes where the user is then.
    fireEvent.pointerDown(document.body, { clientY: 600 });
    act(() => void toast({ tone: 'success', title: 'Sites exported again' }));
    expect(band(viewport)).toEqual(['480px', '240px']);
  });
});

describe('in a panel that says which part of the frame it shows (viewport)', () => {
  it('opens dialogs and toasts in that band, from the variables on <html>', async () => {
    const user = userEvent.setup();
    render(
      <>
        <DeleteSite />
        <Toaster />
      </>,
    );
    act(() => showHostViewport(root, { top: 1500, height: 720 }, FRAME));
    expect(band(root)).toEqual(['1500px', '720px']);
    await pressAt(user, screen.getByRole('button', { name: 'Delete' }), 2400);
    const dialog = screen.getByRole('alertdialog');
    expect(band(dialog)).toEqual(['', '']);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    act(() => void toast({ title: 'Deleted' }));
    expect(band(screen.getByRole('region', { name: /Notifications/ }).querySelector('ol') as HTMLElement)).toEqual([
      '',
      '',
    ]);
  });
});

describe('outside a panel', () => {
  it('places nothing itself', async () => {
    window.history.replaceState(null, '', '/?embed=0');
    detectEmbedMode();
    const user = userEvent.setup();
    render(<DeleteSite />);
    await pressAt(user, screen.getByRole('button', { name: 'Delete' }), 2400);
    expect(band(screen.getByRole('alertdialog'))).toEqual(['', '']);
  });
});
