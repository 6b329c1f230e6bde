import { parseTrustProxy } from './trust-proxy';

describe(parseTrustProxy.name, () => {
  it.each([
    ['', false],
    ['false', false],
    ['true', true],
    ['0', 0],
    ['1', 1],
    [' 2 ', 2],
    ['loopback', ['loopback']],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.7', ['10.0.0.0/8', '192.168.1.7']],
    ['loopback,uniquelocal,linklocal', ['loopback', 'uniquelocal', 'linklocal']],
    ['::1, fd00::/8, 2001:db8::/128', ['::1', 'fd00::/8', '2001:db8::/128']],
  ])('should read "%s" as %j', (text, expected) => {
    expect(parseTrustProxy(text)).toEqual(expected);
  });

  it.each([
    'yes',
    'TRUE',
    '-1',
    '1.5',
    '99999999999999999999',
    '10.0.0.256',
    '10.0.0.0/33',
    '10.0.0.0/8/8',
    '10.0.0.0/',
    '10.0.0.0/255.0.0.0',
    'fd00::/129',
    'proxy.example.com',
    '10.0.0.1,',
    '10.0.0.1,,10.0.0.2',
    'localhost',
  ])('should refuse "%s"', (text) => {
    expect(parseTrustProxy(text)).toBeUndefined();
  });
});
