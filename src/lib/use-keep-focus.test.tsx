import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useKeepFocus } from './use-keep-focus';

interface Item {
  name: string;
  done: boolean;
}

let change: (items: Item[]) => void = () => undefined;

/** A list of problems, each with a link and a fix button that becomes "Done", as the overview's. */
function Problems({ initial }: { initial: Item[] }) {
  const [items, setItems] = useState(initial);
  useEffect(() => {
    change = setItems;
  }, []);
  const box = useKeepFocus();
  return (
    <section aria-label="Needs attention">
      <h2>Needs attention</h2>
      <div ref={box}>
        {items.length === 0 ? (
          <p>Nothing needs attention.</p>
        ) : (
          <ol>
            {items.map((item) => (
              <li key={item.name} data-focus-item={item.name}>
                <a href={`/sites/${item.name}`}>{item.name}</a>
                {item.done ? (
                  <span data-focus-control="fix" tabIndex={-1}>
                    Done: {item.name}
                  </span>
                ) : (
                  <button data-focus-control="fix">Fix {item.name}</button>
                )}
              </li>
            ))}
          </ol>
        )}
      </div>
      <button>Elsewhere</button>
    </section>
  );
}

const a = { name: 'a.example', done: false };
const b = { name: 'b.example', done: false };
const c = { name: 'c.example', done: false };

describe('useKeepFocus', () => {
  it('moves the focus to the control that replaces the one focused, in the same item', async () => {
    render(<Problems initial={[a, b, c]} />);
    screen.getByRole('button', { name: 'Fix b.example' }).focus();
    act(() => change([a, { ...b, done: true }, c]));
    await waitFor(() => expect(screen.getByText('Done: b.example')).toHaveFocus());
  });

  it('moves the focus to the item now in its place when the item goes, then to the last, then to the heading', async () => {
    render(<Problems initial={[a, b, c]} />);
    screen.getByRole('button', { name: 'Fix b.example' }).focus();
    act(() => change([a, c]));
    await waitFor(() => expect(screen.getByRole('link', { name: 'c.example' })).toHaveFocus());
    act(() => change([a]));
    await waitFor(() => expect(screen.getByRole('link', { name: 'a.example' })).toHaveFocus());
    act(() => change([]));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Needs attention' })).toHaveFocus());
  });

  it('leaves the focus alone when the user had moved it elsewhere', async () => {
    render(<Problems initial={[a, b, c]} />);
    screen.getByRole('button', { name: 'Fix b.example' }).focus();
    screen.getByRole('button', { name: 'Elsewhere' }).focus();
    act(() => change([a, c]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });

  it('does not take the focus back after the user left it for nothing', async () => {
    render(<Problems initial={[a, b, c]} />);
    const fix = screen.getByRole('button', { name: 'Fix b.example' });
    fix.focus();
    fix.blur();
    // The check that the blur was the user's, not the button's removal, runs a task later.
    await new Promise((resolve) => setTimeout(resolve, 0));
    act(() => change([a, c]));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.body).toHaveFocus();
  });
});
