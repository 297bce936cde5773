import { describe, expect, it } from 'vitest';
import { clientAddress, parseProxyEntry, trustedProxies } from './client-address.ts';

describe('clientAddress (docs/partner-api.md#keys: keys bound to addresses)', () => {
  const none = trustedProxies([]);
  const lb = trustedProxies(['10.0.0.0/8', '2001:db8::/32', '192.0.2.10']);

  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.5', '198.51.100.1', none)).toBe('203.0.113.5');
    expect(clientAddress('::ffff:203.0.113.5', undefined, none)).toBe('203.0.113.5');
    expect(clientAddress('2001:db8::7', '198.51.100.1', none)).toBe('2001:db8::7');
  });

  it('is the peer when the peer is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.5', '198.51.100.1', lb)).toBe('203.0.113.5');
    expect(clientAddress('11.0.0.1', '198.51.100.1', lb)).toBe('11.0.0.1');
  });

  it('behind trusted proxies, is the right-most X-Forwarded-For entry no trusted proxy added', () => {
    // The client made up the first entry; the load balancer appended the real one.
    expect(clientAddress('10.1.2.3', '6.6.6.6, 198.51.100.1', lb)).toBe('198.51.100.1');
    // Two trusted hops, one of them by IPv6 and with ports, over two header lines.
    expect(clientAddress('::ffff:10.1.2.3', '6.6.6.6, 198.51.100.1:5555, [2001:db8::1]:443, 192.0.2.10', lb)).toBe(
      '198.51.100.1',
    );
    expect(clientAddress('192.0.2.10', '::ffff:198.51.100.2', lb)).toBe('198.51.100.2');
    expect(clientAddress('2001:db8::9', '2001:db8:1::1, 2001:db9::5', lb)).toBe('2001:db9::5');
  });

  it('is the left-most hop when every hop is trusted, and the peer without X-Forwarded-For', () => {
    expect(clientAddress('10.0.0.1', '10.0.0.2, 10.0.0.3', lb)).toBe('10.0.0.2');
    expect(clientAddress('10.0.0.1', undefined, lb)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', ' , ', lb)).toBe('10.0.0.1');
  });

  it('is unknown when the entry a trusted proxy vouches for is not an address, or there is no socket', () => {
    expect(clientAddress('10.0.0.1', '198.51.100.1, unknown', lb)).toBeNull();
    expect(clientAddress('10.0.0.1', '198.51.100.1, 10.0.0.2:x', lb)).toBeNull();
    expect(clientAddress(undefined, '198.51.100.1', lb)).toBeNull();
  });
});

describe('parseProxyEntry', () => {
  it.each([
    ['10.0.0.5', { address: '10.0.0.5', prefix: 32, family: 'ipv4' }],
    ['10.0.0.0/8', { address: '10.0.0.0', prefix: 8, family: 'ipv4' }],
    [' 2001:db8::/32 ', { address: '2001:db8::', prefix: 32, family: 'ipv6' }],
    ['::1', { address: '::1', prefix: 128, family: 'ipv6' }],
    ['::ffff:192.0.2.1', { address: '192.0.2.1', prefix: 32, family: 'ipv4' }],
  ])('%s', (entry, expected) => {
    expect(parseProxyEntry(entry)).toEqual(expected);
  });

  it.each([
    '',
    'lb.example',
    '10.0.0.0/33',
    '::/129',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    '10.0.0.0/-1',
    '10.0.0.1:80',
    'fe80::1%eth0',
  ])('refuses %j', (entry) => {
    expect(parseProxyEntry(entry)).toBeNull();
  });
});
