import { describe, expect, it } from 'vitest';
import { agencyBodySchema } from '../../api/bodies';
import { AGENCY_FIELDS } from '../../api/registry/agency';
import { COUNTRY_CODES, countryFromText, countryList, matchCountries } from './countries';
import { currencyList, isCurrencyCode } from './currencies';
import { AGENCY_FIELD_NAMES, agencyProblems, toBody, toFormValues, type AgencyFormValues } from './form-schema';
import { agencyMessages } from './messages';

const t = agencyMessages.get();
const values = (fields: Partial<AgencyFormValues>): AgencyFormValues => ({
  ...toFormValues(null),
  title: 'Northwind Hosting',
  email: 'ops@northwind.example',
  ...fields,
});
const problems = (fields: Partial<AgencyFormValues>, saved: Parameters<typeof agencyProblems>[1] = null) =>
  Object.fromEntries(agencyProblems(values(fields), saved, t).map((p) => [p.field, p.message]));

describe('the agency form’s checks', () => {
  it('has every field of docs/partner-api.md#agency-record once, in its groups', () => {
    expect([...AGENCY_FIELD_NAMES].sort()).toEqual(Object.keys(AGENCY_FIELDS).sort());
  });

  it('asks for the required fields and words each problem for people', () => {
    expect(problems({ title: '  ', email: '' })).toEqual({
      title: 'Enter the agency name.',
      email: 'Enter a contact e-mail address.',
    });
    expect(
      problems({
        title: 'Two\nlines',
        email: 'nope',
        logourl: 'ftp://x',
        bank_invoicemail: 'a@b',
        zipcode: '1'.repeat(41),
      }),
    ).toEqual({
      title: 'The agency name must be one line of at most 200 characters.',
      email: 'Enter a valid e-mail address, like office@example.com.',
      logourl: 'Enter an address beginning with http:// or https://, without spaces.',
      zipcode: 'At most 40 characters.',
      bank_invoicemail: 'Enter a valid e-mail address for invoices, or leave it empty.',
    });
  });

  it('adds its stricter rules on top of the registry’s: URL, ISO 3166-1, ISO 4217, ISO 9362', () => {
    expect(
      problems({
        logourl: 'https://[bad',
        country: 'Germany',
        bank_country: 'XX',
        bank_currency: 'ABC',
        bank_swift: 'DEUTDEF',
      }),
    ).toEqual({
      logourl: 'This is not a valid web address. Copy the image’s address from your browser.',
      country: 'Choose a country from the list.',
      bank_country: 'Choose a country from the list.',
      bank_currency: 'Choose a currency from the list.',
      bank_swift: expect.stringContaining('8 or 11 letters and digits'),
    });
    expect(problems({ bank_swift: 'DEUTQQFF' })).toEqual({ bank_swift: expect.stringContaining('country code') });
    expect(
      problems({
        logourl: 'https://cdn.example/logo.png',
        country: 'DE',
        bank_country: 'US',
        bank_currency: 'eur',
        bank_swift: 'deut de ff 500',
      }),
    ).toEqual({});
  });

  it('checks the logo (https only), the website (a web address) and the phone (a phone number) as they mean', () => {
    expect(problems({ logourl: 'http://cdn.example/logo.png', website: 'not a site', phone: 'call me maybe' })).toEqual(
      {
        logourl: 'The logo’s address must begin with https://: an image over http:// is blocked on these pages.',
        website: 'Enter your website’s address, like northwind.example or https://northwind.example.',
        phone: 'Enter a phone number with digits, like +41 44 123 45 67.',
      },
    );
    expect(problems({ website: 'mailto:x@y.example', phone: '12' })).toEqual({
      website: expect.stringContaining('website'),
      phone: expect.stringContaining('phone number'),
    });
    for (const [website, phone] of [
      ['northwind.example', '+41 44 123 45 67'],
      ['https://www.northwind.example/about', '(555) 123-4567 ext. 12'],
      ['www.bücher.example', '030/1234567'],
    ]) {
      expect(problems({ website, phone }), `${website} ${phone}`).toEqual({});
    }
  });

  it('checks an IBAN by its check digits (ISO 13616), and takes an account number of another kind as written', () => {
    // Valid: as printed (groups of four), compact, lower case.
    for (const iban of ['DE89 3704 0044 0532 0130 00', 'GB29NWBK60161331926819', 'fr14 2004 1010 0505 0001 3m02 606'])
      expect(problems({ bank_account: iban })).toEqual({});
    // One digit mistyped, two swapped.
    expect(problems({ bank_account: 'DE89 3704 0044 0532 0130 01' })).toEqual({
      bank_account: expect.stringContaining('check digits'),
    });
    expect(problems({ bank_account: 'GB29NWBK61601331926819' })).toEqual({
      bank_account: expect.stringContaining('check digits'),
    });
    expect(problems({ bank_account: 'GB00 XXXX' })).toEqual({
      bank_account: expect.stringContaining('15 to 34 letters and digits (this one has 8)'),
    });
    // Not an IBAN: digits only, or letters that are no country's code.
    expect(problems({ bank_account: '12-34-56 12345678' })).toEqual({});
    expect(problems({ bank_account: 'ZZ12 345' })).toEqual({});
  });

  it('keeps what the saved record holds though the stricter rules would refuse it (the spec allows a country name)', () => {
    const saved = { title: 'N', email: 'n@n.example', country: 'Germany', bank_swift: 'OLDCODE' };
    expect(problems({ country: 'Germany', bank_swift: 'OLDCODE' }, saved)).toEqual({});
    expect(problems({ country: 'Deutschland' }, saved)).toEqual({ country: 'Choose a country from the list.' });
  });

  it('sends what the registry’s body schema accepts: trimmed, codes in upper case, empty fields as ""', () => {
    const body = toBody(values({ title: ' Northwind ', bank_swift: 'deut de ff', bank_currency: 'eur' }));
    expect(body).toMatchObject({ title: 'Northwind', bank_swift: 'DEUTDEFF', bank_currency: 'EUR', phone: '' });
    expect(Object.keys(body).sort()).toEqual(Object.keys(AGENCY_FIELDS).sort());
    expect(agencyBodySchema.safeParse(body).success).toBe(true);
  });
});

describe('countries and currencies', () => {
  it('lists the 249 ISO 3166-1 alpha-2 codes, each with a name of its own', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    expect(COUNTRY_CODES.filter((code) => !names.of(code) || names.of(code) === code)).toEqual([]);
  });

  it('names and sorts them in the language in use, and finds them by name, accent-free, or code', () => {
    const de = countryList('de');
    expect(de.find((c) => c.code === 'AT')?.name).toBe('Österreich');
    const en = countryList('en');
    expect(matchCountries('osterr', de).map((c) => c.code)).toEqual(['AT']);
    expect(matchCountries('de', en)[0]?.code).toBe('DE');
    expect(countryFromText('germany', en)).toBe('DE');
    expect(countryFromText('us', en)).toBe('US');
    expect(countryFromText('Narnia', en)).toBe('Narnia');
  });

  it('offers the ISO 4217 currencies this browser knows', () => {
    expect(currencyList('en').find((c) => c.code === 'EUR')?.name).toBe('Euro');
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('eur')).toBe(false);
    expect(isCurrencyCode('ABC')).toBe(false);
  });
});
