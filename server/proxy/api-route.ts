/**
 * An API call through the proxy, in three steps: check (./api-check.ts:
 * target, HTTP verb, keys, sign-in limits, body limit), forward
 * (./api-forward.ts: to the upstream, target unchanged) and answer
 * (./api-answer.ts: typing, compression, the recorder's hand-off). A step's
 * failure is answered in the API's own terms (./api-call.ts).
 */
import { answerApiCall } from './api-answer.ts';
import { failureResponse, type ApiDeps, type Ctx, type KeysFrom } from './api-call.ts';
import { checkApiCall } from './api-check.ts';
import { forwardApiCall } from './api-forward.ts';

export type ApiRoute = (c: Ctx, target: string, keysFrom: KeysFrom) => Promise<Response>;

export function createApiRoute(deps: ApiDeps): ApiRoute {
  return async (c, target, keysFrom) => {
    const checked = await checkApiCall(c, target, keysFrom, deps);
    if (!checked.ok) return failureResponse(checked.call, checked.failure, deps);
    const forwarded = await forwardApiCall(c, checked.call, deps);
    if (!forwarded.ok) return failureResponse(checked.call, forwarded.failure, deps);
    return answerApiCall(checked.call, forwarded.answer, deps);
  };
}
