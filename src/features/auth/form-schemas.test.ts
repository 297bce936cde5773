import { describe, expect, it } from 'vitest';
import { apiKeyFormSchema, codeFormSchema, emailFormSchema } from './form-schemas';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('emailFormSchema', () => {
  it('trims and accepts an address the registry accepts', () => {
    expect(emailFormSchema.parse({ email: '  demo@partner.example ' })).toEqual({ email: 'demo@partner.example' });
  });

  it.each(['', 'demo', 'demo@', '@partner.example', 'de mo@partner.example', 'demo@partner', 'a;b@partner.example'])(
    'refuses %j before any call',
    (email) => expect(emailFormSchema.safeParse({ email }).success).toBe(false),
  );

  it('says what is wrong in the user’s terms', () => {
    expect(issues(emailFormSchema.safeParse({ email: '' }))).toContain('Enter your e-mail address.');
    expect(issues(emailFormSchema.safeParse({ email: 'x' }))).toContain(
      'Enter a valid e-mail address, like name@example.com.',
    );
  });
});

describe('codeFormSchema', () => {
  const six = codeFormSchema(6);

  it('accepts exactly otp.length digits, ignoring spaces', () => {
    expect(six.parse({ code: '123 456', remember: true })).toEqual({ code: '123456', remember: true });
  });

  it('refuses a code of the wrong length or with letters', () => {
    expect(issues(six.safeParse({ code: '12345', remember: false }))).toContain('The code has 6 digits.');
    expect(issues(six.safeParse({ code: '12a456', remember: false }))).toContain('The code has digits only.');
    expect(issues(six.safeParse({ code: '', remember: false }))).toContain('Enter the code from the e-mail.');
  });

  it('follows the length the service announced', () => {
    expect(codeFormSchema(8).safeParse({ code: '12345678', remember: false }).success).toBe(true);
    expect(codeFormSchema(8).safeParse({ code: '123456', remember: false }).success).toBe(false);
  });
});

describe('apiKeyFormSchema', () => {
  it('trims the keys and treats an empty mac key as none', () => {
    expect(apiKeyFormSchema.parse({ apiKey: ' key123 ', macKey: '  ', remember: false })).toEqual({
      apiKey: 'key123',
      macKey: '',
      remember: false,
    });
  });

  it.each([
    ['a space', 'ab cd'],
    ['a semicolon (cookie injection)', 'ab;cd'],
    ['a comma', 'ab,cd'],
    ['a line break', 'ab\r\ncd'],
    ['non-ASCII', 'ключ'],
  ])('refuses a key with %s', (_label, apiKey) => {
    expect(apiKeyFormSchema.safeParse({ apiKey, macKey: '', remember: false }).success).toBe(false);
    expect(apiKeyFormSchema.safeParse({ apiKey: 'ok', macKey: apiKey, remember: false }).success).toBe(false);
  });

  it('requires the API key', () => {
    expect(issues(apiKeyFormSchema.safeParse({ apiKey: ' ', macKey: '', remember: false }))).toContain(
      'Enter your API key.',
    );
  });
});
