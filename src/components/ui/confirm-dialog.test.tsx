import * as Menu from '@radix-ui/react-dropdown-menu';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';

function DeleteSite({ onConfirm }: { onConfirm: () => unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete</Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete example.com?"
        description="Its scan reports and firewall history are deleted with it. This cannot be undone."
        confirmLabel="Delete site"
        onConfirm={onConfirm}
      />
    </>
  );
}

/** A row's actions: the confirmation is opened by an item of a menu, which closes as it opens. */
function RowMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Menu.Root modal={false}>
        <Menu.Trigger asChild>
          <Button>Actions for example.com</Button>
        </Menu.Trigger>
        <Menu.Portal>
          <Menu.Content>
            <Menu.Item onSelect={() => setOpen(true)}>Delete example.com</Menu.Item>
          </Menu.Content>
        </Menu.Portal>
      </Menu.Root>
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

describe('ConfirmDialog', () => {
  it('gives the focus back to the control that opened it', async () => {
    const user = userEvent.setup();
    render(<DeleteSite onConfirm={() => undefined} />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(opener).toHaveFocus();
  });

  it('gives the focus back to the menu’s button when an item of the menu opened it', async () => {
    const user = userEvent.setup();
    render(<RowMenu />);
    const actions = screen.getByRole('button', { name: 'Actions for example.com' });
    actions.focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alertdialog', { name: 'Delete example.com?' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(actions).toHaveFocus();
  });

  it('names what will happen and opens on the safe choice', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeleteSite onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));

    const dialog = screen.getByRole('alertdialog', { name: 'Delete example.com?' });
    expect(dialog).toHaveAccessibleDescription(/cannot be undone/);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    // Enter on the focused safe choice cancels.
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the action, shows progress while it runs, and closes when it succeeds', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<DeleteSite onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete site' }));

    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Delete site' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    finish();
    await screen.findByRole('button', { name: 'Delete' });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('stays open when the action fails, so the caller can say why', async () => {
    const user = userEvent.setup();
    render(<DeleteSite onConfirm={() => Promise.reject(new Error('refused'))} />);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Delete site' }));
    expect(await screen.findByRole('button', { name: 'Delete site' })).toBeEnabled();
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });
});
