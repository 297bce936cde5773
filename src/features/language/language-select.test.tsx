import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES, locale, setLocaleSetting, startLocaleSync } from '../../i18n/locale';
import { LanguageSelect, OWN_NAMES } from './language-select';

describe('LanguageSelect', () => {
  let stop: (() => void) | undefined;
  afterEach(() => {
    setLocaleSetting(undefined);
    stop?.();
    localStorage.clear();
  });

  it('is named "Language", offers each language in its own words, and switches and keeps the choice', async () => {
    stop = startLocaleSync();
    render(<LanguageSelect />);
    const menu = screen.getByRole('combobox', { name: 'Language' });
    expect(menu).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'English' })).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('option', { name: 'Deutsch' })).toHaveAttribute('lang', 'de');

    await userEvent.selectOptions(menu, 'de');
    // Its own name follows once German is in; the page says it speaks German.
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(locale.get()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(localStorage.getItem('psd.locale')).toBe('de');

    await userEvent.selectOptions(menu, 'en');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('names every language we speak without asking Intl, as Intl names it', () => {
    for (const code of LOCALES) {
      const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
      expect(OWN_NAMES[code], code).toBe(name.charAt(0).toLocaleUpperCase(code) + name.slice(1));
    }
  });
});
