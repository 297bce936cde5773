import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeLabel, hostToUnicode } from './punycode';

describe('hostToUnicode', () => {
  it('decodes what the URL parser encodes, as Node does', () => {
    for (const name of [
      'bücher-café.example',
      'пример-магазин.example',
      '例え.example',
      'stadtwerke-mühlental.example',
    ]) {
      const ascii = domainToASCII(name);
      expect(ascii).toMatch(/xn--/);
      expect(hostToUnicode(ascii)).toBe(domainToUnicode(ascii));
      expect(hostToUnicode(new URL(`http://${name}/`).hostname)).toBe(name);
    }
  });

  it('leaves plain labels and broken punycode as they are', () => {
    expect(hostToUnicode('example.com')).toBe('example.com');
    expect(hostToUnicode('xn--!!.example')).toBe('xn--!!.example');
    expect(decodeLabel('99999999999')).toBeNull();
  });
});
