import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LineResult } from '../add-sites';
import { parseAddLines } from '../../../data/site-model/add-lines';
import { AddPreview } from './add-preview';

function rowOf(line: number): HTMLElement {
  const row = document.querySelector<HTMLElement>(`tr[data-line="${line}"]`);
  if (!row) throw new Error(`no row for line ${line}`);
  return row;
}

describe('AddPreview', () => {
  it('says what happens to each line before anything is sent, problems first', () => {
    const lines = parseAddLines(
      [
        'good.example',
        'https://www.full-url.example/shop?x=1',
        'bad name',
        'exists.example',
        'GOOD.example,owner@customer.example',
        'xn--mnchen-3ya.example',
        'share.example,not-an-email',
      ].join('\n'),
      { hasAgency: true },
    );
    render(<AddPreview lines={lines} existing={new Set(['exists.example'])} results={new Map()} />);
    const section = screen.getByRole('region', { name: 'Check before adding' });
    expect(within(section).getByText('3 sites to add · 2 lines to fix')).toBeInTheDocument();

    expect(rowOf(3)).toHaveTextContent('Only letters, digits, hyphens and dots can be in a domain name');
    expect(rowOf(7)).toHaveTextContent('The customer e-mail is not a valid e-mail address.');
    expect(rowOf(1)).toHaveTextContent('The same site is on line 5 too: that line is the one added');
    expect(rowOf(2)).toHaveTextContent('www.full-url.exampleWill be added');
    expect(rowOf(4)).toHaveTextContent('Already in your account: nothing to add');
    expect(rowOf(5)).toHaveTextContent('Will be added and shared with owner@customer.example');
    // Punycode in, the UTF-8 name shown.
    expect(rowOf(6)).toHaveTextContent('münchen.exampleWill be added');

    const order = [...section.querySelectorAll('tr[data-line]')].map((r) => r.getAttribute('data-line'));
    expect(order.slice(0, 2)).toEqual(['3', '7']);
  });

  it('shows, after sending, why a kept line was not added: the service’s words, or the full plan', () => {
    const lines = parseAddLines('refused.example\nfull.example', { hasAgency: false });
    const results = new Map<string, LineResult>([
      ['refused.example', { kind: 'refused', message: 'Domain is blacklisted' }],
      ['full.example', { kind: 'planFull' }],
    ]);
    render(<AddPreview lines={lines} existing={new Set()} results={results} />);
    expect(rowOf(1)).toHaveTextContent('Refused by the service: Domain is blacklisted');
    expect(rowOf(2)).toHaveTextContent('Not added: your plan has no room for more sites.');
  });

  it('invites to type when the box is empty', () => {
    render(<AddPreview lines={[]} existing={new Set()} results={new Map()} />);
    expect(screen.getByText(/each line is checked here before anything is sent/)).toBeInTheDocument();
  });
});
