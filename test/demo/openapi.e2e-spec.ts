import request from 'supertest';
import { createTestApp, TestApp } from '../utils/test-app';

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

// The demo's routes in the OpenAPI document (test/openapi.e2e-spec.ts checks the document itself, the UI and the
// accounts' routes). Removed with the demo.
describe('OpenAPI document: the demo features', () => {
  let sut: TestApp;
  let document: Document;

  beforeAll(async () => {
    sut = await createTestApp();
    document = (await request(sut.http).get('/docs-json').expect(200)).body as Document;
  });

  afterAll(() => sut.close());

  it('should embed the document in the UI', async () => {
    const response = await request(sut.http).get('/docs/swagger-ui-init.js').expect(200);

    expect(response.text).toContain('"/cats/{id}"');
  });

  it('should hold the routes of every demo controller', () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
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

  it('should put the bearer scheme on the protected demo routes only', () => {
    const bearer = [{ bearer: [] }];

    expect(document.paths['/cats/{id}'].delete.security).toEqual(bearer);
    expect(document.paths['/cats/{id}'].get.security).toEqual([]);
    expect(document.paths['/cats'].post.security).toEqual([]);
    expect(document.paths['/routing/any'].get.security).toEqual([]);
  });

  it.each<[string, string, string[]]>([
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
    expect(document.paths['/books'].get.security).toEqual([]);
    expect(document.paths['/books/{id}'].get.security).toEqual([]);
    expect(document.paths['/books'].post.security).toEqual([{ bearer: [] }]);
  });

  it('should declare every path parameter, and text answers as text', () => {
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
    for (const path of ['/routing/primitive', '/routing/observable']) {
      expect(Object.keys(document.paths[path].get.responses['200'].content!)).toEqual(['text/plain']);
    }
  });

  it("should type the generated feature's nullable text and its id as the server reads them", () => {
    const { Book, CreateBookInput, UpdateBookInput } = document.components.schemas;

    // A `string | null` property reflects as Object: without its type it would be documented as an object.
    for (const schema of [Book, CreateBookInput, UpdateBookInput]) {
      expect(schema.properties.summary).toMatchObject({ type: 'string', nullable: true });
    }
    expect(Book.properties.id).toMatchObject({ type: 'integer' });
  });

  it("should type a book's id as the positive 32-bit integer its pipe accepts, once per operation", () => {
    const idSchema = { type: 'integer', minimum: 1, maximum: 2_147_483_647 };
    const operations = [
      document.paths['/books/{id}'].get,
      document.paths['/books/{id}'].patch,
      document.paths['/books/{id}'].delete,
    ];

    for (const { parameters } of operations) {
      expect(parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: idSchema }]);
    }
    expect(document.paths['/books'].get.parameters).not.toContainEqual(
      expect.objectContaining({ name: 'id' }),
    );
  });
});
