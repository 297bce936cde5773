import { describe, expect, it } from 'vitest';
import { buildTarget, hmacMd5Hex, hmacMd5HexBytes } from './sign.ts';

const bytes = (length: number, value: number) => new Uint8Array(length).fill(value);
const ascii = (text: string) => new TextEncoder().encode(text);

// RFC 2202 §2, test cases for HMAC-MD5 (all seven).
const RFC2202 = [
  { key: bytes(16, 0x0b), data: ascii('Hi There'), digest: '9294727a3638bb1c13f48ef8158bfc9d' },
  { key: ascii('Jefe'), data: ascii('what do ya want for nothing?'), digest: '750c783e6ab0b503eaa86e310a5db738' },
  { key: bytes(16, 0xaa), data: bytes(50, 0xdd), digest: '56be34521d144c88dbb8c733f0e8b3f6' },
  {
    key: Uint8Array.from({ length: 25 }, (_, i) => i + 1),
    data: bytes(50, 0xcd),
    digest: '697eaf0aca3a3aea3a75164746ffaa79',
  },
  { key: bytes(16, 0x0c), data: ascii('Test With Truncation'), digest: '56461ef2342edc00f9bab995690efd4c' },
  {
    key: bytes(80, 0xaa),
    data: ascii('Test Using Larger Than Block-Size Key - Hash Key First'),
    digest: '6b1ab7fe4bd7bf8f0b62e6ce61b9d0cd',
  },
  {
    key: bytes(80, 0xaa),
    data: ascii('Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data'),
    digest: '6f630fad67cda0ee1fb1f562db3aa53e',
  },
];

describe('HMAC-MD5 (RFC 2202)', () => {
  it.each(RFC2202.map((v, i) => ({ ...v, n: i + 1 })))('test case $n', ({ key, data, digest }) => {
    expect(hmacMd5HexBytes(key, data)).toBe(digest);
  });

  it('test case 5 truncated to 96 bits', () => {
    expect(hmacMd5HexBytes(bytes(16, 0x0c), ascii('Test With Truncation')).slice(0, 24)).toBe(
      '56461ef2342edc00f9bab995',
    );
  });

  it('the string form encodes key and message as UTF-8 (cases 1, 2 and 5 are ASCII)', () => {
    expect(hmacMd5Hex('\x0b'.repeat(16), 'Hi There')).toBe('9294727a3638bb1c13f48ef8158bfc9d');
    expect(hmacMd5Hex('Jefe', 'what do ya want for nothing?')).toBe('750c783e6ab0b503eaa86e310a5db738');
    expect(hmacMd5Hex('\x0c'.repeat(16), 'Test With Truncation')).toBe('56461ef2342edc00f9bab995690efd4c');
  });

  it('writes lowercase hex, 32 digits', () => {
    expect(hmacMd5Hex('k', 'm')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('buildTarget', () => {
  it('percent-encodes a UTF-8 domain in the path, never punycode', () => {
    const target = buildTarget('site_delete', ['пример.рф']);
    expect(target).toBe('/api/site_delete/%D0%BF%D1%80%D0%B8%D0%BC%D0%B5%D1%80.%D1%80%D1%84/');
    expect(target).not.toContain('xn--');
    expect(buildTarget('site_scan', ['bücher.de'])).toBe('/api/site_scan/b%C3%BCcher.de/');
  });

  it('encodes the @ of e-mails in the path', () => {
    expect(buildTarget('signup', ['user@example.com'])).toBe('/api/signup/user%40example.com/');
    expect(buildTarget('signin', ['a.b+c@example.com', '123456'])).toBe('/api/signin/a.b%2Bc%40example.com/123456/');
    expect(buildTarget('site_unshare', ['owner@example.com', 'bücher.de'])).toBe(
      '/api/site_unshare/owner%40example.com/b%C3%BCcher.de/',
    );
  });

  it('writes the trailing slash after the method and after the last path entry', () => {
    expect(buildTarget('api_keyinfo', [])).toBe('/api/api_keyinfo/');
    expect(buildTarget('site_setoption', ['example.com', 'firewall', 'enable'])).toBe(
      '/api/site_setoption/example.com/firewall/enable/',
    );
  });

  it('writes no "?" when there is no query, or when every entry is off', () => {
    expect(buildTarget('sites_list', [])).toBe('/api/sites_list/');
    expect(buildTarget('sites_list', [], {})).toBe('/api/sites_list/');
    expect(buildTarget('sites_list', [], { unit: undefined, withscanreport: false, withfwhistory: undefined })).toBe(
      '/api/sites_list/',
    );
  });

  it('writes flags bare, in the order given, and leaves out false ones', () => {
    expect(buildTarget('sites_list', [], { withscanreport: true })).toBe('/api/sites_list/?withscanreport');
    expect(buildTarget('sites_list', [], { withscanreport: true, withfwhistory: true })).toBe(
      '/api/sites_list/?withscanreport&withfwhistory',
    );
    expect(buildTarget('unit_delete', ['u@example.com'], { withsites: false, ignore: true })).toBe(
      '/api/unit_delete/u%40example.com/?ignore',
    );
  });

  it('percent-encodes values', () => {
    expect(buildTarget('sites_list', [], { unit: 'a+b@example.com', withscanreport: true })).toBe(
      '/api/sites_list/?unit=a%2Bb%40example.com&withscanreport',
    );
    expect(buildTarget('api_test', ['abc', '1', 'x y'], { str: 'a b&c=d/é?#', int: 42 })).toBe(
      '/api/api_test/abc/1/x%20y/?str=a%20b%26c%3Dd%2F%C3%A9%3F%23&int=42',
    );
  });

  it('encodes the quote that URL parsers would re-encode in a query', () => {
    expect(buildTarget('api_test', ["it's"], { str: "it's" })).toBe('/api/api_test/it%27s/?str=it%27s');
  });

  it('survives the URL parsing fetch applies, byte for byte, so the signature still matches', () => {
    const awkward = ["'quoted'", '!*()~', 'a/b\\c', '%41', 'пример.рф', '`{}|^', '..a', 'tab\there', ''];
    for (const value of awkward) {
      const target = buildTarget('api_test', ['abc', '1', value], { str: value, int: '0' });
      const url = new URL(target, 'http://localhost');
      expect(url.pathname + url.search).toBe(target);
    }
  });

  it('refuses dot segments, which URL parsers would remove from the signed path', () => {
    expect(() => buildTarget('api_test', ['abc', '1', '..'])).toThrow(RangeError);
    expect(() => buildTarget('api_test', ['abc', '1', '.'])).toThrow(RangeError);
  });
});

describe('signature over a target', () => {
  // Expected digests computed independently (node:crypto createHmac('md5')).
  it('signs the percent-encoded target of a UTF-8 domain', () => {
    const target = buildTarget('site_delete', ['пример.рф']);
    expect(hmacMd5Hex('0123456789abcdef0123456789abcdef', target)).toBe('a31dd2ea86c3dbfa5b6b6f3307c7b889');
    // The raw UTF-8 form is a different message, so a different signature.
    expect(hmacMd5Hex('0123456789abcdef0123456789abcdef', '/api/site_delete/пример.рф/')).toBe(
      '88cb5fea736ddede3d897400a987ab85',
    );
  });

  it('encodes a non-ASCII mac key as UTF-8', () => {
    const target = buildTarget('site_setoption', ['bücher.de', 'firewall', 'enable']);
    expect(target).toBe('/api/site_setoption/b%C3%BCcher.de/firewall/enable/');
    expect(hmacMd5Hex('mäc-ключ', target)).toBe('724b9779c376d250c0cb1b8294dac794');
  });
});
