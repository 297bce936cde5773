import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogTrigger } from './dialog';

function AddSites() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button>Add sites</Button>
      </DialogTrigger>
      <DialogContent title="Add sites" description="One site per line.">
        <label>
          Sites <textarea />
        </label>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** A bulk bar's action: done, its selection is cleared and the bar (the dialog's opener) goes with it. */
function BulkShare() {
  const [selected, setSelected] = useState(true);
  const [open, setOpen] = useState(false);
  return (
    <main id="main" tabIndex={-1}>
      <h1>Sites</h1>
      {selected ? <Button onClick={() => setOpen(true)}>Share 3 sites</Button> : <p>Nothing selected</p>}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent title="Share 3 sites with a customer">
          <Button
            onClick={() => {
              setSelected(false);
              setOpen(false);
            }}
          >
            Share
          </Button>
        </DialogContent>
      </Dialog>
    </main>
  );
}

describe('Dialog', () => {
  it('opens named and described, traps focus, closes with Escape and gives focus back', async () => {
    const user = userEvent.setup();
    render(<AddSites />);
    const trigger = screen.getByRole('button', { name: 'Add sites' });
    await user.click(trigger);

    const dialog = screen.getByRole('dialog', { name: 'Add sites' });
    expect(dialog).toHaveAccessibleDescription('One site per line.');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    // Tab cycles inside: textarea → Cancel → Close → textarea.
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('has a labelled close button, and locks the page without a <style> element (the CSP forbids one)', async () => {
    const user = userEvent.setup();
    render(<AddSites />);
    const styles = document.querySelectorAll('style').length;
    await user.click(screen.getByRole('button', { name: 'Add sites' }));
    expect(document.documentElement.style.overflow).toBe('hidden');
    expect(document.querySelectorAll('style')).toHaveLength(styles);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.documentElement.style.overflow).toBe('');
  });

  it("gives focus to the page's heading when the control that opened it is gone, not to the body", async () => {
    const user = userEvent.setup();
    render(<BulkShare />);
    await user.click(screen.getByRole('button', { name: 'Share 3 sites' }));
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sites' })).toHaveFocus());
  });
});
