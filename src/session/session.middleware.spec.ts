import { deriveSessionSecret } from './session.middleware';

describe('deriveSessionSecret', () => {
  const jwtSecret = 'a-jwt-secret-that-is-at-least-32-characters';

  it('should derive a stable key that differs from the JWT secret', () => {
    const sut = deriveSessionSecret(jwtSecret);

    expect(sut).toBe(deriveSessionSecret(jwtSecret));
    expect(sut).not.toContain(jwtSecret);
    expect(sut).toMatch(/^[\w-]{43}$/);
  });

  it('should change with the JWT secret', () => {
    expect(deriveSessionSecret(jwtSecret)).not.toBe(deriveSessionSecret(`${jwtSecret}!`));
  });
});
