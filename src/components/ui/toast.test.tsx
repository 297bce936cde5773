import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toast, toasts } from '../../lib/toast-store';
import { Toaster } from './toast';

afterEach(() => toasts.set([]));

describe('Toaster and toast()', () => {
  it('shows what toast() queues, from outside React, in a labelled region', async () => {
    render(<Toaster />);
    act(() => {
      toast({ tone: 'success', title: 'Firewall turned on', description: 'example.com is protected.' });
    });
    const region = screen.getByRole('region', { name: /Notifications/ });
    const list = within(region).getByRole('list');
    expect(within(list).getByText('Firewall turned on')).toBeInTheDocument();
    expect(within(list).getByText('example.com is protected.')).toBeInTheDocument();
  });

  it('is dismissed with its labelled button, and leaves the store', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ tone: 'error', title: 'The change was not saved' });
    });
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(toasts.get()).toEqual([]);
    expect(screen.queryByText('The change was not saved')).not.toBeInTheDocument();
  });

  it('keeps the newest few', () => {
    for (let i = 1; i <= 6; i++) toast({ title: `Toast ${i}` });
    expect(toasts.get().map((t) => t.title)).toEqual(['Toast 3', 'Toast 4', 'Toast 5', 'Toast 6']);
  });
});
