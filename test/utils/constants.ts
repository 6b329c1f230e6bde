/** The JWT secret every test app and test server runs with. */
export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';
