import { clientAddressOf } from './client-address';

describe(clientAddressOf.name, () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['::1', '::1'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
  ])('should count %s as %s', (ip, address) => {
    expect(clientAddressOf({ ip })).toBe(address);
  });

  it('should give two hosts of one IPv6 /64 the same address, and another /64 its own', () => {
    expect(clientAddressOf({ ip: '2001:db8::1' })).toBe(clientAddressOf({ ip: '2001:db8::ffff:1' }));
    expect(clientAddressOf({ ip: '2001:db8:0:1::1' })).not.toBe(clientAddressOf({ ip: '2001:db8::1' }));
  });

  it('should count a request without an address (its socket already gone) as one client', () => {
    expect(clientAddressOf({ ip: undefined })).toBe('unknown');
  });
});
