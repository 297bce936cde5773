/**
 * The read model's `refreshError` (server/readmodel/refresh.ts) as the error
 * the catalogue describes (src/api/error-catalogue.ts), so a failed read reads
 * like the same failure of the page's own call: `upstream-error:<code>` the
 * service's error code, `upstream-down` out of reach, `upstream-garbage` an
 * answer that is not the envelope. Null: the key could not read (refused, or
 * the read was not signed), which the page words itself.
 */
import { ApiError, TransportError } from '../../api/errors';

const METHOD = 'sites_list';

export function refreshErrorOf(code: string): Error | null {
  const upstream = /^upstream-error(?::(\d+))?$/.exec(code);
  if (upstream) {
    const n = Number(upstream[1] ?? NaN);
    return Number.isSafeInteger(n)
      ? new ApiError({ method: METHOD, code: n, message: '' })
      : new TransportError({ method: METHOD, kind: 'http', message: '' });
  }
  if (code === 'upstream-down') return new TransportError({ method: METHOD, kind: 'network', message: '' });
  if (code === 'upstream-garbage') return new TransportError({ method: METHOD, kind: 'bad-response', message: '' });
  return null;
}
