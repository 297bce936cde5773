/**
 * What the sandbox knows of a request's connection: over a socket it is
 * `npm run sandbox` (standalone); without one it is mounted in-process behind
 * our own proxy (`npm start`), which passes the client address and the origin in.
 */
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { hostNameOf, isLoopbackHost } from '../../loopback.ts';
import type { SandboxConfig } from '../config.ts';

export type SandboxEnv = { Bindings: { incoming?: IncomingMessage } };
export type SandboxContext = Context<SandboxEnv>;

/**
 * The client address for IP-bound keys (docs/partner-api.md#keys) and the rate limits. Over a
 * socket it is the socket's peer and X-Forwarded-For is ignored: any client
 * could send one. In-process our proxy always sets it from its socket; without
 * it the address is unknown ('') and matches no binding.
 */
export function clientIp(c: SandboxContext): string {
  const incoming = c.env?.incoming;
  if (incoming) return (incoming.socket.remoteAddress ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || '';
}

/**
 * The origin of the absolute URLs the sandbox hands out (signin's
 * syncfile.download, dashboard). Standalone: SANDBOX_PUBLIC_URL, else the
 * address it listens on, never the request's Host header (a rebinding page
 * chooses that). In-process: the origin the proxy puts in the request's URL.
 */
export function requestOrigin(c: SandboxContext, config: SandboxConfig): string {
  const socket = c.env?.incoming?.socket;
  if (!socket) return new URL(c.req.url).origin;
  if (config.publicOrigin !== undefined) return config.publicOrigin;
  const address = (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  return `http://${isIP(address) === 6 ? `[${address}]` : address}:${socket.localPort ?? 0}`;
}

/**
 * Whether the Host a standalone request was addressed to may see the sandbox's
 * pages (DNS rebinding): a loopback name or address, or the host of
 * SANDBOX_PUBLIC_URL unless `loopbackOnly` (the control surface). In-process
 * the proxy has checked the host already.
 */
export function hostAllowed(c: SandboxContext, config: SandboxConfig, loopbackOnly: boolean): boolean {
  if (!c.env?.incoming) return true;
  const name = hostNameOf(c.req.header('host') ?? '');
  if (name === null) return false;
  if (isLoopbackHost(name)) return true;
  return !loopbackOnly && config.publicOrigin !== undefined && name === new URL(config.publicOrigin).hostname;
}
