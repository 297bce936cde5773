import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_LOCALE, locale, startLocaleSync } from './locale';
import { Rich } from './rich';

describe('startLocaleSync', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('keeps <html lang> in step with the language in use', () => {
    document.documentElement.lang = 'xx';
    stop = startLocaleSync();
    expect(document.documentElement.lang).toBe(locale.get());
    expect(document.documentElement.lang).toBe(BASE_LOCALE);
  });
});

describe('Rich', () => {
  it('fills placeholders with elements and keeps an unknown one visible', () => {
    render(
      <p data-testid="m">
        <Rich text="Sent to {email} at {time}." values={{ email: <strong>a@b.example</strong> }} />
      </p>,
    );
    expect(screen.getByTestId('m')).toHaveTextContent('Sent to a@b.example at {time}.');
    expect(screen.getByText('a@b.example').tagName).toBe('STRONG');
  });
});
