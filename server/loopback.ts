/**
 * Loopback names and addresses: where the sandbox's unauthenticated pages
 * (outbox, control surface) may be served: shared by the proxy and the
 * standalone sandbox, which never import each other.
 */
import { isIP } from 'node:net';

/**
 * Whether a host name or address only reaches this machine: 127.0.0.0/8, ::1
 * (also as ::ffff:127.x.y.z) and the name `localhost`. URL hosts may come in
 * brackets ([::1]).
 */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.$/, '');
  // Only `localhost` itself: a resolver may send other *.localhost names anywhere.
  if (name === 'localhost') return true;
  if (isIP(name) === 4) return name.startsWith('127.');
  if (isIP(name) === 6) {
    if (name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
    // IPv4-mapped, dotted or as the URL parser writes it (::ffff:7f00:1).
    return /^::ffff:127\.\d+\.\d+\.\d+$/.test(name) || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(name);
  }
  return false;
}

/**
 * The name in a Host header (`name[:port]`, `[v6][:port]`), lower-case, without
 * the port, brackets kept as a URL's hostname has them; null when it is not of
 * that form.
 */
export function hostNameOf(hostHeader: string): string | null {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]/\s@]+)(?::\d{1,5})?$/i.exec(hostHeader.trim());
  return match?.[1] === undefined ? null : match[1].toLowerCase();
}
