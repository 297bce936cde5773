/**
 * The login page's first step is a form of one field without react-hook-form; it must behave as
 * every other form does (useZodForm): the message on submit, then following the typing, the
 * field focused when wrong, the parsed value to the caller, a server's message on the field.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback, useState } from 'react';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { useLazyFieldForm } from './use-lazy-field-form';

const schema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Enter your e-mail.'), z.regex(/@/, 'An e-mail has an @.')),
});

function EmailStep({ onSent, slow }: { onSent: (email: string) => void; slow?: Promise<void> }) {
  const [loads, setLoads] = useState(0);
  const load = useCallback(async () => {
    setLoads((n) => n + 1);
    await slow;
    return schema;
  }, [slow]);
  const form = useLazyFieldForm('email', load, '');
  return (
    <form noValidate onSubmit={form.handleSubmit(onSent)}>
      <label htmlFor="email">E-mail</label>
      <input id="email" aria-invalid={Boolean(form.error)} aria-describedby="msg" {...form.field} />
      <p id="msg">{form.error}</p>
      <button type="submit">Send</button>
      <button type="button" onClick={() => form.setError('Refused by the server.')}>
        Refuse
      </button>
      <button type="button" onClick={() => form.setValue('demo@partner.example')}>
        Use the demo
      </button>
      <output>{loads > 0 ? 'checked' : 'not checked'}</output>
    </form>
  );
}

describe('useLazyFieldForm', () => {
  it('checks nothing before a submit, then shows the message, focuses the field and follows the typing', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(<EmailStep onSent={(email) => sent.push(email)} />);
    const field = screen.getByLabelText('E-mail');

    await user.type(field, 'a');
    expect(screen.getByRole('status')).toHaveTextContent('not checked');
    expect(field).toHaveAttribute('aria-invalid', 'false');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('An e-mail has an @.')).toBeInTheDocument();
    expect(field).toHaveFocus();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('a');

    await user.clear(field);
    expect(await screen.findByText('Enter your e-mail.')).toBeInTheDocument();
    await user.type(field, '  me@agency.example ');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('false');
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expect.poll(() => sent).toEqual(['me@agency.example']);
    expect(field).toHaveValue('  me@agency.example ');
  });

  it("puts a server's message on the field and focuses it; a value put in is checked once submitted", async () => {
    const user = userEvent.setup();
    render(<EmailStep onSent={() => undefined} />);
    const field = screen.getByLabelText('E-mail');

    await user.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(screen.getByText('Refused by the server.')).toBeInTheDocument();
    expect(field).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter your e-mail.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use the demo' }));
    expect(field).toHaveValue('demo@partner.example');
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Enter your e-mail.')).not.toBeInTheDocument();
  });

  it('a submit whose check is slow (zod still loading) is made even when the user types meanwhile', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    let loaded = () => undefined as void;
    const slow = new Promise<void>((resolve) => (loaded = resolve));
    render(<EmailStep onSent={(email) => sent.push(email)} slow={slow} />);
    const field = screen.getByLabelText('E-mail');
    await user.type(field, 'me@agency.example');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(field, 'x');
    loaded();
    await expect.poll(() => sent).toEqual(['me@agency.example']);
  });

  it('sends what the field holds, even when it was filled without an input event (autofill)', async () => {
    const user = userEvent.setup();
    const sent: string[] = [];
    render(<EmailStep onSent={(email) => sent.push(email)} />);
    const field = screen.getByLabelText<HTMLInputElement>('E-mail');
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, 'filled@agency.example');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await expect.poll(() => sent).toEqual(['filled@agency.example']);
    expect(field).toHaveValue('filled@agency.example');
  });
});
