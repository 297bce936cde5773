import { describe, expect, it } from 'vitest';
import { apiKeyFormSchema } from './api-key-schema';
import { codeFormSchema, emailFormSchema } from './form-schemas';
import { authMessages } from './messages';

const t = authMessages.get();
const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe('emailFormSchema', () => {
  const schema = emailFormSchema(t);

  it('trims and accepts an address the registry accepts', () => {
    expect(schema.parse({ email: '  demo@partner.example ' })).toEqual({ email: 'demo@partner.example' });
  });

  it.each(['', 'demo', 'demo@', '@partner.example', 'de mo@partner.example', 'demo@partner', 'a;b@partner.example'])(
    'refuses %j before any call',
    (email) => expect(schema.safeParse({ email }).success).toBe(false),
  );

  it('says what is wrong in the user’s terms, from the catalogue', () => {
    expect(issues(schema.safeParse({ email: '' }))).toContain('Enter your e-mail address.');
    expect(issues(schema.safeParse({ email: 'x' }))).toContain('Enter a valid e-mail address, like name@example.com.');
  });
});

describe('codeFormSchema', () => {
  const six = codeFormSchema(6, t);

  it('accepts exactly otp.length digits, ignoring spaces', () => {
    expect(six.parse({ code: '123 456', remember: true })).toEqual({ code: '123456', remember: true });
  });

  it('refuses a code of the wrong length or with letters', () => {
    expect(issues(six.safeParse({ code: '12345', remember: false }))).toContain('The code has 6 digits.');
    expect(issues(six.safeParse({ code: '12a456', remember: false }))).toContain('The code has digits only.');
    expect(issues(six.safeParse({ code: '', remember: false }))).toContain('Enter the code from the e-mail.');
    expect(issues(codeFormSchema(1, t).safeParse({ code: '12', remember: false }))).toContain('The code has 1 digit.');
  });

  it('follows the length the service announced', () => {
    expect(codeFormSchema(8, t).safeParse({ code: '12345678', remember: false }).success).toBe(true);
    expect(codeFormSchema(8, t).safeParse({ code: '123456', remember: false }).success).toBe(false);
  });
});

describe('apiKeyFormSchema', () => {
  const schema = apiKeyFormSchema(t);

  it('trims the keys and treats an empty mac key as none', () => {
    expect(schema.parse({ apiKey: ' key123 ', macKey: '  ', remember: false })).toEqual({
      apiKey: 'key123',
      macKey: '',
      remember: false,
    });
  });

  it.each([
    ['a space', 'ab cd', 'Use printable ASCII characters only, without spaces.'],
    ['a semicolon (cookie injection)', 'ab;cd', 'A key cannot contain “;”, “,”, a double quote or a backslash.'],
    ['a comma', 'ab,cd', 'A key cannot contain “;”, “,”, a double quote or a backslash.'],
    ['a line break', 'ab\r\ncd', 'Use printable ASCII characters only, without spaces.'],
    ['non-ASCII', 'ключ', 'Use printable ASCII characters only, without spaces.'],
  ])('refuses a key with %s, saying why', (_label, key, message) => {
    expect(issues(schema.safeParse({ apiKey: key, macKey: '', remember: false }))).toContain(message);
    expect(schema.safeParse({ apiKey: 'ok', macKey: key, remember: false }).success).toBe(false);
  });

  it('requires the API key', () => {
    expect(issues(schema.safeParse({ apiKey: ' ', macKey: '', remember: false }))).toContain('Enter your API key.');
  });
});
