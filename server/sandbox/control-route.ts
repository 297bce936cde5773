/** POST /sandbox/control/<action> (docs/sandbox.md, "The control surface"): tests only, off by default. */
import type { Hono } from 'hono';
import { ZodError } from 'zod';
import { ControlError, isControlAction, runControl } from './control.ts';
import { hostAllowed, type SandboxEnv } from './http/connection.ts';
import type { SandboxState } from './state.ts';

export function mountControl(app: Hono<SandboxEnv>, state: SandboxState): void {
  app.post('/sandbox/control/:action', async (c) => {
    if (!state.config.control) return c.json({ error: 'The control surface is off (set SANDBOX_CONTROL=1)' }, 404);
    // No authentication: standalone, only requests addressed to a loopback name or address.
    if (!hostAllowed(c, state.config, true)) {
      return c.json({ error: 'The control surface answers only on localhost or a loopback address' }, 403);
    }
    const action = c.req.param('action');
    if (!isControlAction(action)) return c.json({ error: `Unknown control action ${action}` }, 404);
    // JSON only: a cross-site form or text/plain POST (no CORS preflight) cannot reach it.
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) {
      return c.json({ error: 'The control surface takes Content-Type: application/json' }, 415);
    }
    let input: unknown;
    try {
      input = await c.req.json();
    } catch {
      return c.json({ error: 'The body must be JSON' }, 400);
    }
    try {
      return c.json(runControl(state, action, input));
    } catch (err) {
      if (err instanceof ControlError) return c.json({ error: err.message }, 400);
      if (err instanceof ZodError) {
        return c.json({ error: err.issues.map((i) => `${i.path.join('.')}: ${i.message}`) }, 400);
      }
      throw err;
    }
  });
}
