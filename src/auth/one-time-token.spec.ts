import { hashOneTimeToken, newOneTimeToken, ONE_TIME_TOKEN_SHAPE } from './one-time-token';

describe(newOneTimeToken.name, () => {
  it('should make 256 random bits in base64url, 43 characters', () => {
    const { token } = newOneTimeToken();

    expect(token).toMatch(ONE_TIME_TOKEN_SHAPE);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('should make a different token each time', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => newOneTimeToken().token));

    expect(tokens.size).toBe(100);
  });

  it('should keep only the SHA-256 of the token, never the token', () => {
    const { token, hash } = newOneTimeToken();

    expect(hash).toBe(hashOneTimeToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
  });
});
