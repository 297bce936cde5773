/** docs/partner-api.md#api_test: the debugging method, echoing the request. */
import { isSystemErrorCode } from '../../../src/api/system-errors.ts';
import type { Call } from '../call.ts';
import { RawResult, SystemError } from '../errors.ts';

/**
 * Headers are echoed, but the key and signature cookies are not (they would end
 * up in the DOM). Built with Object.fromEntries, so a name like `__proto__` is
 * an own entry like any other.
 */
function echoHeaders(headers: Headers): Record<string, string> {
  return Object.fromEntries(
    [...headers].map(([name, value]) => [
      name,
      name === 'cookie' ? value.replace(/(apikey|apimac)=[^;]*/g, '$1=<hidden>') : value,
    ]),
  );
}

/** api_test arguments whose expressions allow only integers (registry argv). */
const NUMERIC_ARGS = new Set(['int', 'nullint', 'err', 'raw']);

/**
 * docs/partner-api.md#api_test. err: 1 → 100900, 2 → 100901, 500–505 → that system error,
 * any other non-zero value → 100900 (the spec leaves the mapping open).
 * raw: non-zero → only the result, as text.
 */
export function apiTest(call: Call<'api_test'>) {
  const [item1 = '', item2 = '', item3 = ''] = call.path;
  const err = Number(call.args.get('err') ?? '0');
  const raw = Number(call.args.get('raw') ?? '0') !== 0;
  if (err !== 0) {
    if (isSystemErrorCode(err)) throw new SystemError(err, `api_test err=${err}`);
    throw call.fail(err === 2 ? 'testError1' : 'testError0', `api_test err=${err}`);
  }
  // The numeric arguments echo as numbers, the others as the strings received; nullint is null when absent.
  // Own entries (Object.fromEntries), so `?__proto__=1` echoes like any other argument.
  const query: Record<string, string | number | null> = Object.fromEntries(
    [...call.args].map(([k, v]) => [k, NUMERIC_ARGS.has(k) ? Number(v) : v]),
  );
  if (!call.args.has('nullint')) query.nullint = null;
  const result = {
    REQUEST_URI: call.target,
    PATH: [item1, item2, item3],
    QUERY: query,
    HEADERS: echoHeaders(call.headers),
    POST: { TYPE: call.contentType, LENGTH: call.bodyLength, DATA: call.rawBody },
    FILES: [],
  };
  if (raw) return new RawResult(JSON.stringify(result), { 'Content-Type': 'text/plain; charset=utf-8' });
  return result;
}
