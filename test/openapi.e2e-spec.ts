import request from 'supertest';
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

describe('OpenAPI document and Swagger UI at /docs (outside production)', () => {
  let sut: TestApp;
  let document: Document;

  beforeAll(async () => {
    sut = await createTestApp();
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

      expect(response.text).toContain('"/cats/{id}"');
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
        expect.arrayContaining([
          '/auth/login',
          '/cats',
          '/cats/{id}',
          '/routing/static',
          '/routing/{name}',
          '/routing/params/{a}/{b}',
          '/tenant',
        ]),
      );
      expect(Object.keys(document.paths['/cats/{id}']).sort()).toEqual(['delete', 'get', 'put']);
    });

    it('should describe the DTOs with their validation rules', () => {
      const { CreateCatDto, UpdateCatDto } = document.components.schemas;

      expect(CreateCatDto.required).toEqual(['name', 'age', 'breed']);
      expect(CreateCatDto.properties).toMatchObject({
        name: { type: 'string', minLength: 1, maxLength: 100 },
        age: { type: 'number', minimum: 0, maximum: 50 },
        breed: { type: 'string' },
      });
      expect(UpdateCatDto.required ?? []).toEqual([]);
      expect(Object.keys(UpdateCatDto.properties)).toEqual(['name', 'age', 'breed']);
    });

    it('should list the paging query parameters with their bounds', () => {
      const parameters = document.paths['/authors'].get.parameters;

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

      expect(document.paths['/cats/{id}'].delete.security).toEqual(bearer);
      expect(document.paths['/auth/profile'].get.security).toEqual(bearer);
      expect(document.paths['/cats/{id}'].get.security ?? []).toEqual([]);
      expect(document.paths['/cats'].post.security ?? []).toEqual([]);
      expect(document.paths['/auth/login'].post.security ?? []).toEqual([]);
      expect(document.paths['/routing/any'].get.security ?? []).toEqual([]);
    });

    it.each<[string, string, string[]]>([
      ['post', '/auth/login', ['200', '400', '401', '429', '503']],
      ['post', '/auth/signup', ['201', '400', '404', '409', '429', '503']],
      ['post', '/auth/refresh', ['200', '400', '401']],
      ['post', '/auth/logout', ['204', '400']],
      ['post', '/auth/password', ['204', '400', '401', '403', '429', '503']],
      ['get', '/auth/profile', ['200', '401']],
      ['get', '/users', ['200', '401', '403']],
      ['patch', '/users/{id}', ['200', '400', '401', '403', '404', '409']],
      ['get', '/interceptors/errors', ['502']],
      ['get', '/interceptors/not-found', ['404']],
      ['get', '/interceptors/slow', ['200', '400', '408']],
    ])('should document %s %s with a summary and its responses', (method, path, statuses) => {
      const operation = document.paths[path]?.[method];

      expect(operation).toBeDefined();
      expect(operation.summary).toEqual(expect.any(String));
      expect(Object.keys(operation.responses).sort()).toEqual(statuses);
      for (const status of statuses) expect(operation.responses[status].description).not.toBe('');
    });

    it("should need no token for a feature's reads, and one for its writes", () => {
      expect(document.paths['/books'].get.security ?? []).toEqual([]);
      expect(document.paths['/books/{id}'].get.security ?? []).toEqual([]);
      expect(document.paths['/books'].post.security).toEqual([{ bearer: [] }]);
    });

    it('should declare every path parameter, the optional header of a refresh, and text answers as text', () => {
      const parameters = (path: string) => document.paths[path].get.parameters;

      expect(parameters('/routing/params/{a}/{b}')).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ name: 'a', in: 'path', required: true }),
          expect.objectContaining({ name: 'b', in: 'path', required: true }),
        ]),
      );
      expect(parameters('/routing/mid/{segments}/end')).toEqual([
        expect.objectContaining({ name: 'segments', in: 'path', required: true }),
      ]);
      expect(document.paths['/auth/refresh'].post.parameters).toEqual([
        expect.objectContaining({ name: 'authorization', in: 'header', required: false }),
      ]);
      for (const path of ['/routing/primitive', '/routing/observable']) {
        expect(Object.keys(document.paths[path].get.responses['200'].content!)).toEqual(['text/plain']);
      }
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
      expect(Object.keys(UserResponseDto.properties)).toEqual(['id', 'username', 'roles']);
    });

    it("should type the generated feature's nullable text and its id as the server reads them", () => {
      const { Book, CreateBookInput, UpdateBookInput } = document.components.schemas;

      // A `string | null` property reflects as Object: without its type it would be documented as an object.
      for (const schema of [Book, CreateBookInput, UpdateBookInput]) {
        expect(schema.properties.summary).toMatchObject({ type: 'string', nullable: true });
      }
      expect(Book.properties.id).toMatchObject({ type: 'integer' });
    });

    it("should type a route's id as the positive 32-bit integer its pipe accepts, once per operation", () => {
      const idSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
      const operations = [
        document.paths['/books/{id}'].get,
        document.paths['/books/{id}'].patch,
        document.paths['/books/{id}'].delete,
        document.paths['/users/{id}'].patch,
      ];

      for (const { parameters } of operations) {
        expect(parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: idSchema }]);
      }
      expect(document.paths['/books'].get.parameters).not.toContainEqual(
        expect.objectContaining({ name: 'id' }),
      );
    });

    it('should put the bearer scheme on the routes of a signed-in user, not on sign-up, refresh or logout', () => {
      const bearer = [{ bearer: [] }];

      expect(document.paths['/auth/password'].post.security).toEqual(bearer);
      expect(document.paths['/users'].get.security).toEqual(bearer);
      expect(document.paths['/users/{id}'].patch.security).toEqual(bearer);
      expect(document.paths['/auth/signup'].post.security ?? []).toEqual([]);
      expect(document.paths['/auth/refresh'].post.security ?? []).toEqual([]);
      expect(document.paths['/auth/logout'].post.security ?? []).toEqual([]);
    });
  });
});
