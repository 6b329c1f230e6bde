import request from 'supertest';
import { PROBE } from './fixtures/probe/probe.module';
import { createTestApp, TestApp } from './utils/test-app';

// A file of its own: the configuration is read once per test file, when the app module first loads.
describe('OpenAPI in production', () => {
  let sut: TestApp;

  beforeAll(async () => {
    // The test-only probe (test/fixtures/probe): a route of the API that production still serves.
    sut = await createTestApp({ NODE_ENV: 'production' }, PROBE);
  });

  afterAll(() => sut.close());

  it.each(['/docs', '/docs/', '/docs-json', '/docs/swagger-ui-bundle.js', '/docs/swagger-ui-init.js'])(
    'should not serve %s',
    async (path) => {
      await request(sut.http).get(path).expect(404);
    },
  );

  it('should still serve the API', async () => {
    await request(sut.http).get('/probe').expect(200, { ok: true });
  });
});
