/**
 * Temporary: server/proxy/shared-rules.test.ts (which the proxy branch deletes)
 * still imports these from here. Delete this file once that test is gone; the
 * homes are src/api/limits.ts and ./http/target.ts.
 */
export { MAX_BODY_BYTES } from '../../src/api/limits.ts';
export { parseTarget } from './http/target.ts';
