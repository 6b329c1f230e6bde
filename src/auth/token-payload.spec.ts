import { CLOCK_SKEW_SECONDS, toTokenPayload } from './token-payload';

describe(toTokenPayload.name, () => {
  const nowSeconds = 1_700_000_000;
  const limits = { maxLifetimeSeconds: 60, nowSeconds };
  const valid = { sub: 1, username: 'alice', roles: ['admin'], iat: nowSeconds, exp: nowSeconds + 60 };

  it('should keep the claims the app signs', () => {
    expect(toTokenPayload(valid, limits)).toEqual(valid);
  });

  it('should keep only those five claims', () => {
    expect(toTokenPayload({ ...valid, admin: true, nbf: nowSeconds }, limits)).toEqual(valid);
  });

  it('should accept a lifetime within the clock skew, and a token issued slightly in the future', () => {
    const skewed = { ...valid, iat: nowSeconds + CLOCK_SKEW_SECONDS };

    expect(toTokenPayload({ ...skewed, exp: skewed.iat + 60 + CLOCK_SKEW_SECONDS }, limits)).toEqual({
      ...skewed,
      exp: skewed.iat + 60 + CLOCK_SKEW_SECONDS,
    });
  });

  it.each<[string, unknown]>([
    ['not an object', 'alice'],
    ['null', null],
    ['sub missing', { ...valid, sub: undefined }],
    ['sub as a string', { ...valid, sub: '1' }],
    ['sub zero', { ...valid, sub: 0 }],
    ['sub negative', { ...valid, sub: -1 }],
    ['sub fractional', { ...valid, sub: 1.5 }],
    ['sub beyond safe integers', { ...valid, sub: 2 ** 53 }],
    ['username missing', { ...valid, username: undefined }],
    ['username empty', { ...valid, username: '' }],
    ['username a number', { ...valid, username: 1 }],
    ['username an object', { ...valid, username: { name: 'alice' } }],
    ['roles missing', { ...valid, roles: undefined }],
    ['roles a string', { ...valid, roles: 'admin' }],
    ['an unknown role', { ...valid, roles: ['root'] }],
    ['a role that is not a string', { ...valid, roles: [1] }],
    ['a role twice', { ...valid, roles: ['admin', 'admin'] }],
    ['iat missing', { ...valid, iat: undefined }],
    ['iat a string', { ...valid, iat: String(nowSeconds) }],
    ['exp missing', { ...valid, exp: undefined }],
    ['exp a string', { ...valid, exp: String(nowSeconds + 60) }],
    ['exp infinite', { ...valid, exp: Infinity }],
    ['exp before iat', { ...valid, exp: nowSeconds - 1 }],
    [
      'a lifetime over JWT_EXPIRES_IN and the skew',
      { ...valid, exp: nowSeconds + 60 + CLOCK_SKEW_SECONDS + 1 },
    ],
    ['a year-long lifetime', { ...valid, exp: nowSeconds + 365 * 24 * 3600 }],
    [
      'an iat beyond the skew in the future',
      { ...valid, iat: nowSeconds + CLOCK_SKEW_SECONDS + 1, exp: nowSeconds + CLOCK_SKEW_SECONDS + 61 },
    ],
  ])('should refuse claims with %s', (_case, claims) => {
    expect(toTokenPayload(claims, limits)).toBeUndefined();
  });
});
