/** The JWT secret every test app and test server runs with. */
export const TEST_JWT_SECRET = 'test-secret-of-32-characters-or-more-with-16-distinct-ones';
