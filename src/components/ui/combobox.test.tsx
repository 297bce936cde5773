import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Combobox, type ComboboxOption } from './combobox';
import { Field } from './field';

const OPTIONS: ComboboxOption[] = [
  { value: 'AT', label: 'Austria', detail: 'AT' },
  { value: 'DE', label: 'Germany', detail: 'DE' },
  { value: 'DK', label: 'Denmark', detail: 'DK' },
];

function Country({ initial = '', onSubmit = () => undefined }: { initial?: string; onSubmit?: () => void }) {
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Field label="Country">
        {(control) => (
          <Combobox
            {...control}
            value={value}
            onValueChange={setValue}
            filter={(text) => OPTIONS.filter((o) => o.label.toLowerCase().includes(text.toLowerCase()))}
            display={(v) => OPTIONS.find((o) => o.value === v)?.label ?? v}
            parse={(text) => OPTIONS.find((o) => o.label.toLowerCase() === text.toLowerCase())?.value ?? text}
            listLabel="Countries"
            noMatches="No country matches"
          />
        )}
      </Field>
      <p>value={value}</p>
    </form>
  );
}

const input = () => screen.getByRole('combobox', { name: 'Country' });

describe('Combobox', () => {
  it('filters as you type, moves with the arrow keys while the focus stays, and chooses with Enter', async () => {
    const user = userEvent.setup();
    render(<Country />);
    await user.type(input(), 'n');
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Countries' });
    expect(input()).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['GermanyDE', 'DenmarkDK']);
    // The first match is active (not focused: the focus stays in the input).
    expect(input()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Germany/ }).id);
    await user.keyboard('{ArrowDown}');
    const denmark = screen.getByRole('option', { name: /Denmark/ });
    expect(input()).toHaveAttribute('aria-activedescendant', denmark.id);
    expect(denmark).toHaveAttribute('aria-selected', 'true');
    expect(input()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByText('value=DK')).toBeInTheDocument();
    expect(input()).toHaveValue('Denmark');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
  });

  it('chooses by click, and Enter in an open list does not submit the form', async () => {
    const user = userEvent.setup();
    let submitted = 0;
    render(<Country onSubmit={() => submitted++} />);
    await user.click(screen.getByRole('button', { name: 'Countries' }));
    expect(input()).toHaveFocus();
    await user.click(screen.getByRole('option', { name: /Austria/ }));
    expect(screen.getByText('value=AT')).toBeInTheDocument();
    await user.type(input(), '{Backspace}');
    await user.keyboard('{Enter}');
    expect(submitted).toBe(0);
  });

  it('keeps text typed and left without choosing, and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Country initial="Narnia (old)" />);
    // A value no option has is shown as it is.
    expect(input()).toHaveValue('Narnia (old)');
    await user.clear(input());
    await user.type(input(), 'Atlantis');
    expect(screen.getByRole('status')).toHaveTextContent('No country matches');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    expect(screen.getByText('value=Atlantis')).toBeInTheDocument();
    // Typing a name exactly picks its option.
    await user.clear(input());
    await user.type(input(), 'germany');
    await user.tab();
    expect(screen.getByText('value=DE')).toBeInTheDocument();
    expect(input()).toHaveValue('Germany');
  });

  it('closes with Escape, then a second Escape gives back the text of the value held', async () => {
    const user = userEvent.setup();
    render(<Country initial="AT" />);
    await user.clear(input());
    await user.type(input(), 'Den');
    await user.keyboard('{Escape}');
    expect(input()).toHaveAttribute('aria-expanded', 'false');
    expect(input()).toHaveValue('Den');
    await user.keyboard('{Escape}');
    expect(input()).toHaveValue('Austria');
    expect(screen.getByText('value=AT')).toBeInTheDocument();
    // Alt+ArrowDown opens on the value held.
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(input()).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Austria/ }).id);
  });
});
