import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { apiCurl, MASK, proxyCurl, shellQuote, signatureCommand, type CurlInput } from './curl';

const call: CurlInput = {
  origin: 'http://127.0.0.1:8080',
  target: '/api/api_test/abc/1/it%27s/?str=a%20b&int=2',
  httpMethod: 'GET',
  apiKey: 'KEY-123',
  signature: '0123456789abcdef0123456789abcdef',
  reveal: false,
};

describe('curl commands', () => {
  it('mask the key and the signature until revealed', () => {
    const masked = proxyCurl(call);
    expect(masked).toBe(
      `curl -H 'X-Apikey: ${MASK}' -H 'X-Apimac: ${MASK}' 'http://127.0.0.1:8080/api/api_test/abc/1/it%27s/?str=a%20b&int=2'`,
    );
    expect(masked).not.toContain('KEY-123');
    expect(masked).not.toContain(call.signature ?? '');
    expect(apiCurl(call)).toBe(`curl -b 'apikey=${MASK}; apimac=${MASK}' '${call.origin}${call.target}'`);
    expect(apiCurl({ ...call, reveal: true })).toBe(
      `curl -b 'apikey=KEY-123; apimac=${call.signature}' '${call.origin}${call.target}'`,
    );
  });

  it('send no signature for a key without a mac key (docs/partner-api.md#signature), and a POST body exactly', () => {
    const post = proxyCurl({
      ...call,
      signature: null,
      reveal: true,
      httpMethod: 'POST',
      body: `{"title":"O'Brien & Co"}`,
      contentType: 'application/json; charset=UTF-8',
    });
    expect(post).toBe(
      `curl -H 'X-Apikey: KEY-123' -X POST -H 'Content-Type: application/json; charset=UTF-8' --data-binary '{"title":"O'\\''Brien & Co"}' '${call.origin}${call.target}'`,
    );
  });

  it('quote so that a shell gives back every character as it was', () => {
    for (const text of [`it's`, `$HOME \`id\` "x" \\ ;|&`, `line\nbreak`, `''`]) {
      expect(execFileSync('sh', ['-c', `printf '%s' ${shellQuote(text)}`]).toString()).toBe(text);
    }
  });

  it('show how the signature is computed, the mac key masked until revealed', () => {
    expect(signatureCommand('/api/api_keyinfo/', 'MAC', false)).toBe(
      `printf '%s' '/api/api_keyinfo/' | openssl dgst -md5 -hmac '${MASK}'`,
    );
    expect(signatureCommand('/api/api_keyinfo/', 'MAC', true)).toContain(`-hmac 'MAC'`);
  });
});
