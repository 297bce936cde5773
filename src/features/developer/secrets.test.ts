import { describe, expect, it } from 'vitest';
import { MASK } from './curl';
import { maskTarget, maskText, maskValue, secretsOf } from './secrets';

const KEY = 'K3y/value_01';
const SIG = '0123456789abcdef0123456789abcdef';
const secrets = secretsOf(KEY, undefined, SIG, '');

describe('masking the secrets an answer may echo', () => {
  it('masks secret headers by name, in any case and at any depth, and keeps the rest', () => {
    const echo = {
      HEADERS: {
        Cookie: 'session=1; apikey=other-key; apimac=other-mac',
        'X-APIKEY': 'header-key',
        'x-apimac': 'header-mac',
        accept: 'application/json',
      },
      list: [{ cookie: 'APIKEY=x' }],
    };
    expect(maskValue(echo, [])).toEqual({
      HEADERS: {
        Cookie: `session=1; apikey=${MASK}; apimac=${MASK}`,
        'X-APIKEY': MASK,
        'x-apimac': MASK,
        accept: 'application/json',
      },
      list: [{ cookie: `APIKEY=${MASK}` }],
    });
  });

  it('masks the known secrets wherever they are, and keeps a __proto__ field an own field', () => {
    const parsed: unknown = JSON.parse(`{"__proto__":"${KEY}","note":"signed ${SIG}"}`);
    const masked = maskValue(parsed, secrets);
    expect(masked).toEqual(JSON.parse(`{"__proto__":"${MASK}","note":"signed ${MASK}"}`));
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
  });

  it('masks raw text: cookies, JSON and header lines, and a key escaped as PHP escapes "/"', () => {
    expect(maskText(`{"HEADERS":{"Cookie":"apikey=${KEY.replace('/', '\\/')}; apimac=${SIG}"}}`, secrets)).toBe(
      `{"HEADERS":{"Cookie":"apikey=${MASK}; apimac=${MASK}"}}`,
    );
    expect(maskText('{"X-Apikey" : "a\\"b", "X-Other": "c"}', [])).toBe(`{"X-Apikey" : "${MASK}", "X-Other": "c"}`);
    expect(maskText('[X-Apimac] => abc\nX-Apikey: def\n', [])).toBe(`[X-Apimac] => ${MASK}\nX-Apikey: ${MASK}\n`);
    expect(maskText('nothing secret', secrets)).toBe('nothing secret');
  });
});

describe('masking a request target', () => {
  it('masks the session’s secrets as sent and percent-encoded, and any key-shaped argument whole', () => {
    const encoded = encodeURIComponent(KEY);
    expect(maskTarget(`/api/api_test/${encoded}/1/x/?str=${encoded}&int=1`, secrets)).toBe(
      `/api/api_test/${MASK}/1/x/?str=${MASK}&int=1`,
    );
    expect(maskTarget('/api/x/?apikey=someone-else&privateKey=k&hmac=h&api%5Fsecret=s&token=&str=plain', secrets)).toBe(
      `/api/x/?apikey=${MASK}&privateKey=${MASK}&hmac=${MASK}&api%5Fsecret=${MASK}&token=&str=plain`,
    );
    expect(maskTarget('/api/sites_list/', secrets)).toBe('/api/sites_list/');
  });
});
