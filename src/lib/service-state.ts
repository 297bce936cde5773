import { ApiError, TransportError } from '../api/errors';

/**
 * The upstream is down or unreachable: the network failed, timed out or
 * answered garbage, or the service said 500 (spec §7.2, "temporarily
 * unavailable"; the proxy answers an unreachable upstream with it too).
 */
export function isServiceUnavailable(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 500;
  if (error instanceof TransportError) return error.kind !== 'http' || (error.status ?? 500) >= 500;
  return false;
}
