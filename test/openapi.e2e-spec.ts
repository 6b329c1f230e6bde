import request from 'supertest';
import { PROBE } from './fixtures/probe/probe.module';
import { createTestApp, TestApp } from './utils/test-app';

type Operation = {
  security?: unknown[];
  operationId: string;
  parameters?: object[];
  summary?: string;
  responses: Record<string, { description: string; content?: object }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { required?: string[]; properties: Record<string, object> }> };
};
type ErrorBody = Record<string, unknown>;

const ERROR_REF = { $ref: '#/components/schemas/ErrorResponse' };

/** What ErrorResponse says of a body: `statusCode` and `message` (a string or strings), maybe `error`, nothing else. */
function errorResponseProblems(body: ErrorBody): string[] {
  const problems: string[] = [];
  const { statusCode, message, error, ...others } = body;
  if (!Number.isInteger(statusCode)) problems.push('statusCode is not an integer');
  const isText = typeof message === 'string';
  const isLines = Array.isArray(message) && message.every((line) => typeof line === 'string');
  if (!isText && !isLines) problems.push('message is neither a string nor strings');
  if (error !== undefined && typeof error !== 'string') problems.push('error is not a string');
  if (Object.keys(others).length > 0) problems.push(`unexpected ${Object.keys(others).join(', ')}`);
  return problems;
}

// The document, the UI and the routes of accounts and of the test-only probe (test/fixtures/probe), which stand
// for any feature's; test/demo/openapi.e2e-spec.ts checks the demo's routes.
describe('OpenAPI document and Swagger UI at /docs (outside production)', () => {
  let sut: TestApp;
  let document: Document;

  beforeAll(async () => {
    sut = await createTestApp({}, PROBE);
    document = (await request(sut.http).get('/docs-json').expect(200)).body as Document;
  });

  afterAll(() => sut.close());

  describe('GET /docs', () => {
    let html: string;

    beforeAll(async () => {
      const response = await request(sut.http).get('/docs').expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      html = response.text;
    });

    it('should load every script and stylesheet from the app itself, none from a CDN', async () => {
      const assets = [...html.matchAll(/(?:src|href)=["']\.\/docs\/([^"']+)["']/g)].map(([, file]) => file);

      expect(assets).toEqual(
        expect.arrayContaining([
          'swagger-ui.css',
          'swagger-ui-bundle.js',
          'swagger-ui-standalone-preset.js',
          'swagger-ui-init.js',
        ]),
      );
      expect(html).not.toMatch(/(?:src|href)=["']?(?:https?:)?\/\//);
      for (const asset of assets) {
        const response = await request(sut.http).get(`/docs/${asset}`);
        expect([asset, response.status]).toEqual([asset, 200]);
      }
    });

    it('should serve the assets with types the browser accepts under nosniff', async () => {
      const types = {
        'swagger-ui.css': /^text\/css/,
        'swagger-ui-bundle.js': /javascript/,
        'swagger-ui-init.js': /javascript/,
      };
      for (const [asset, type] of Object.entries(types)) {
        const response = await request(sut.http).get(`/docs/${asset}`).expect(200);
        expect(response.headers['content-type']).toMatch(type);
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it("should keep helmet's CSP, without upgrade-insecure-requests, which blanks the page on plain HTTP", async () => {
      const docs = await request(sut.http).get('/docs');
      const api = await request(sut.http).get('/health');

      const policy = docs.headers['content-security-policy'];
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("default-src 'self'");
      expect(policy).not.toContain('upgrade-insecure-requests');
      expect(api.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    });

    it('should embed the document and keep the UI from calling the public validator', async () => {
      const response = await request(sut.http).get('/docs/swagger-ui-init.js').expect(200);

      expect(response.text).toContain('"/auth/login"');
      expect(response.text).toContain('"/probe/notes/{id}"');
      expect(response.text).toContain('"validatorUrl": null');
    });

    it('should not need a token', async () => {
      await request(sut.http).get('/docs').set('Authorization', 'Bearer nonsense').expect(200);
    });
  });

  describe('GET /docs-json', () => {
    it('should be an OpenAPI 3 document with the routes of every controller', () => {
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/auth/login', '/users/{id}', '/probe', '/probe/notes', '/probe/notes/{id}']),
      );
      expect(Object.keys(document.paths['/probe/notes']).sort()).toEqual(['get', 'post']);
    });

    it('should list the paging query parameters with their bounds', () => {
      const parameters = document.paths['/probe/notes'].get.parameters;

      expect(parameters).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            name: 'offset',
            in: 'query',
            required: false,
            schema: expect.objectContaining({ type: 'integer', minimum: 0, default: 0 }),
          }),
          expect.objectContaining({
            name: 'limit',
            in: 'query',
            required: false,
            schema: expect.objectContaining({ type: 'integer', minimum: 1, maximum: 100, default: 10 }),
          }),
        ]),
      );
    });

    it('should put the bearer scheme on protected routes only', () => {
      const bearer = [{ bearer: [] }];

      expect(document.paths['/probe/notes/{id}'].delete.security).toEqual(bearer);
      expect(document.paths['/probe/me'].get.security).toEqual(bearer);
      expect(document.paths['/auth/profile'].get.security).toEqual(bearer);
      expect(document.paths['/probe/notes'].get.security).toEqual([]);
      expect(document.paths['/probe/echo'].post.security).toEqual([]);
      expect(document.paths['/auth/login'].post.security).toEqual([]);
    });

    it.each<[string, string, string[]]>([
      ['post', '/auth/login', ['200', '400', '401', '403', '413', '415', '429', '503']],
      ['post', '/auth/signup', ['201', '400', '404', '409', '413', '415', '429', '503']],
      ['post', '/auth/refresh', ['200', '400', '401', '413', '415', '429']],
      ['post', '/auth/logout', ['204', '400', '413', '415']],
      ['post', '/auth/password', ['204', '400', '401', '403', '413', '415', '429', '503']],
      ['get', '/auth/profile', ['200', '401']],
      ['post', '/auth/email/confirm', ['204', '400', '409', '413', '415']],
      ['post', '/auth/email/resend', ['202', '400', '401', '413', '415', '429', '503']],
      ['post', '/auth/password/forgot', ['202', '400', '413', '415', '429', '503']],
      ['post', '/auth/password/reset', ['204', '400', '413', '415', '429', '503']],
      ['get', '/auth/me', ['200', '401']],
      ['patch', '/auth/me', ['200', '400', '401', '409', '413', '415', '429', '503']],
      ['delete', '/auth/me', ['204', '400', '401', '403', '409', '429', '503']],
      ['get', '/users', ['200', '400', '401', '403']],
      ['patch', '/users/{id}', ['200', '400', '401', '403', '404', '409', '413', '415', '429', '503']],
    ])('should document %s %s with a summary and its responses', (method, path, statuses) => {
      const operation = document.paths[path]?.[method];

      expect(operation).toBeDefined();
      expect(operation.summary).toEqual(expect.any(String));
      expect(Object.keys(operation.responses).sort()).toEqual(statuses);
      for (const status of statuses) expect(operation.responses[status].description).not.toBe('');
    });

    it('should declare the optional header of a refresh', () => {
      expect(document.paths['/auth/refresh'].post.parameters).toEqual([
        expect.objectContaining({ name: 'authorization', in: 'header', required: false }),
      ]);
    });

    it('should describe the token pair, the sign-up and the roles bodies', () => {
      const { TokenPairResponseDto, SignupDto, UpdateUserRolesDto, UserResponseDto } =
        document.components.schemas;

      expect(TokenPairResponseDto.required?.sort()).toEqual([
        'access_token',
        'expires_in',
        'refresh_token',
        'token_type',
      ]);
      expect(SignupDto.properties).toMatchObject({
        // Capitals included: the body may hold them, they are folded before the rule applies.
        username: { type: 'string', pattern: '^[A-Za-z0-9_.-]{3,32}$' },
        password: { type: 'string', minLength: 8, maxLength: 128 },
      });
      expect(UpdateUserRolesDto.properties.roles).toMatchObject({
        type: 'array',
        items: { type: 'string', enum: ['user', 'admin'] },
      });
      expect(Object.keys(UserResponseDto.properties)).toEqual([
        'id',
        'username',
        'email',
        'emailVerified',
        'roles',
      ]);
    });

    it("should type a route's id as the positive 32-bit integer its pipe accepts, once per operation", () => {
      const idSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
      const operations = [document.paths['/probe/notes/{id}'].delete, document.paths['/users/{id}'].patch];

      for (const { parameters } of operations) {
        expect(parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: idSchema }]);
      }
      expect(document.paths['/probe/notes'].get.parameters).not.toContainEqual(
        expect.objectContaining({ name: 'id' }),
      );
    });

    it('should give every error answer of every operation the one ErrorResponse schema', () => {
      // /health's 503 is its report (which check failed), documented by Terminus.
      const apiPaths = Object.entries(document.paths).filter(([path]) => !path.startsWith('/health'));
      for (const [path, operations] of apiPaths) {
        for (const [method, { responses }] of Object.entries(operations)) {
          for (const [status, response] of Object.entries(responses)) {
            if (!/^[45]/.test(status)) continue;
            expect([method, path, status, response.content]).toEqual([
              method,
              path,
              status,
              { 'application/json': { schema: ERROR_REF } },
            ]);
          }
        }
      }
      expect(document.components.schemas.ErrorResponse).toMatchObject({
        required: ['statusCode', 'message'],
        properties: {
          statusCode: { type: 'integer' },
          message: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
          error: { type: 'string' },
        },
      });
    });

    it('should describe the real error bodies: a validation list, a sentence, with and without `error`', async () => {
      const token = sut.aliceToken();
      const answers = [
        await request(sut.http)
          .post('/probe/notes')
          .set('Authorization', `Bearer ${token}`)
          .send({ text: 1 }),
        await request(sut.http).get('/auth/profile'),
        await request(sut.http).delete('/probe/notes/2147483647').set('Authorization', `Bearer ${token}`),
        await request(sut.http).post('/auth/login').set('Content-Type', 'text/plain').send('alice'),
        await request(sut.http).get('/probe/notes?limit=0'),
      ];

      expect(answers.map(({ status }) => status)).toEqual([400, 401, 404, 415, 400]);
      expect(answers.map(({ body }) => Array.isArray((body as ErrorBody).message))).toContain(true);
      expect(answers.map(({ body }) => 'error' in (body as ErrorBody))).toEqual(
        expect.arrayContaining([true, false]),
      );
      for (const { body } of answers) expect(errorResponseProblems(body as ErrorBody)).toEqual([]);
    });

    it('should say of every operation whether it needs a token: the bearer scheme, or security: []', () => {
      for (const operations of Object.values(document.paths)) {
        for (const { security } of Object.values(operations)) expect(security).toEqual(expect.any(Array));
      }
    });

    it('should give the JSON answers of accounts a schema (GET /auth/profile, the list of users)', () => {
      const schemaOf = (path: string, method: string, status: string) =>
        (document.paths[path][method].responses[status].content as Record<string, { schema: unknown }>)[
          'application/json'
        ].schema;

      expect(schemaOf('/auth/profile', 'get', '200')).toEqual({
        $ref: '#/components/schemas/ProfileResponseDto',
      });
      expect(schemaOf('/users', 'get', '200')).toEqual({
        type: 'array',
        items: { $ref: '#/components/schemas/UserResponseDto' },
      });
    });

    it('should put the bearer scheme on the routes of a signed-in user, not on sign-up, refresh or logout', () => {
      const bearer = [{ bearer: [] }];

      expect(document.paths['/auth/password'].post.security).toEqual(bearer);
      expect(document.paths['/users'].get.security).toEqual(bearer);
      expect(document.paths['/users/{id}'].patch.security).toEqual(bearer);
      expect(document.paths['/auth/signup'].post.security).toEqual([]);
      expect(document.paths['/auth/refresh'].post.security).toEqual([]);
      expect(document.paths['/auth/logout'].post.security).toEqual([]);
      expect(document.paths['/auth/me'].get.security).toEqual(bearer);
      expect(document.paths['/auth/me'].delete.security).toEqual(bearer);
      expect(document.paths['/auth/email/resend'].post.security).toEqual(bearer);
      expect(document.paths['/auth/email/confirm'].post.security).toEqual([]);
      expect(document.paths['/auth/password/forgot'].post.security).toEqual([]);
      expect(document.paths['/auth/password/reset'].post.security).toEqual([]);
    });
  });
});
