/**
 * The client address for keys bound to IP addresses (docs/partner-api.md#keys: keydata.ip).
 * The socket's peer is the client, unless the peer is a proxy we trust
 * (TRUSTED_PROXIES, e.g. a TLS load balancer): then the client is the
 * right-most X-Forwarded-For entry that no trusted proxy added. Entries left of
 * it are whatever the client chose to send and are never believed.
 */
import { BlockList, isIP } from 'node:net';

/** Matches addresses against trusted proxies given as IPs or CIDRs. */
export type TrustedProxies = (address: string) => boolean;

/** `a.b.c.d` for an IPv4 client of a dual-stack socket (`::ffff:a.b.c.d`), as upstreams bind keys to it. */
function plainAddress(address: string): string {
  return address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/**
 * Reads one TRUSTED_PROXIES entry: an IP address or a CIDR (`10.0.0.0/8`,
 * `2001:db8::/32`). Returns the entry in the form the matcher takes, or null
 * when it is neither.
 */
export function parseProxyEntry(entry: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | null {
  const [rawAddress = '', rawPrefix, extra] = entry.trim().split('/');
  if (extra !== undefined) return null;
  const address = plainAddress(rawAddress);
  const version = isIP(address);
  if (version === 0 || address.includes('%')) return null;
  const max = version === 4 ? 32 : 128;
  if (rawPrefix !== undefined && !/^\d{1,3}$/.test(rawPrefix)) return null;
  const prefix = rawPrefix === undefined ? max : Number(rawPrefix);
  if (prefix > max) return null;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

/**
 * A matcher for validated entries (server/config.ts checks them with
 * parseProxyEntry first).
 * @throws Error on an entry that is not an IP or a CIDR: a programming error here.
 */
export function trustedProxies(entries: readonly string[]): TrustedProxies {
  if (entries.length === 0) return () => false;
  const list = new BlockList();
  for (const entry of entries) {
    const parsed = parseProxyEntry(entry);
    if (parsed === null) throw new Error('A trusted proxy entry is not an IP address or a CIDR');
    list.addSubnet(parsed.address, parsed.prefix, parsed.family);
  }
  return (address) => {
    const plain = plainAddress(address);
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? 'ipv4' : 'ipv6');
  };
}

/**
 * One X-Forwarded-For entry as an address: proxies may add a port
 * (`192.0.2.1:4711`, `[2001:db8::1]:4711`). Null when it is not an address.
 */
function forwardedAddress(entry: string): string | null {
  let value = entry.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed?.[1] !== undefined) value = bracketed[1];
  else if (/^\d+\.\d+\.\d+\.\d+:\d+$/.test(value)) value = value.slice(0, value.indexOf(':'));
  value = plainAddress(value);
  return isIP(value) === 0 ? null : value;
}

/**
 * The client address, or null when it cannot be known (no socket, or a
 * trusted proxy forwarded something that is not an address): then no address
 * is claimed for the client, and a key bound to addresses matches nothing.
 * @param peer the socket's remote address
 * @param forwardedFor the X-Forwarded-For header (its lines joined by commas)
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string | null {
  if (peer === undefined || peer === '') return null;
  let client = plainAddress(peer);
  if (!trusted(client)) return client;
  const entries = (forwardedFor ?? '').split(',').filter((entry) => entry.trim() !== '');
  // Right to left: each trusted hop vouches for the entry before it, and no further.
  for (let i = entries.length - 1; i >= 0; i -= 1) {
    const address = forwardedAddress(entries[i] ?? '');
    if (address === null) return null;
    client = address;
    if (!trusted(client)) return client;
  }
  // Every hop is trusted: the request came from the left-most proxy itself (a health check, say).
  return client;
}
