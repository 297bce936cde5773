import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PermissionsDialog } from './permissions-dialog';

describe('PermissionsDialog', () => {
  it('takes a whole number within the service’s range and names no bit', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const onOpenChange = vi.fn();
    render(<PermissionsDialog domain="shop.example" value={7} onSave={onSave} onOpenChange={onOpenChange} />);
    const dialog = screen.getByRole('dialog', { name: 'Permissions of shop.example' });
    expect(dialog).toHaveTextContent('The service does not document the bits');
    const field = screen.getByLabelText('Permissions number');
    expect(field).toHaveValue('7');
    const user = userEvent.setup();

    for (const bad of ['-1', '1.5', 'seven', '2147483648']) {
      await user.clear(field);
      await user.type(field, bad);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(field).toHaveAccessibleDescription('Enter a whole number from 0 to 2147483647.');
    }
    expect(onSave).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, ' 12 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith(12);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
