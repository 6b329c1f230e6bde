import request from 'supertest';
import { CatsService } from '../src/cats/cats.service';
import { CreateCatDto } from '../src/cats/dto/create-cat.dto';
import { useTestApp } from './utils/test-app';

const UNAUTHORIZED = { statusCode: 401, message: 'Unauthorized' };
const tom = { name: 'Tom', age: 3, breed: 'Maine Coon' };

describe('/cats', () => {
  const sut = useTestApp();

  afterEach(() => jest.restoreAllMocks());

  describe('POST /cats', () => {
    it('should answer 201 with the text of the action', async () => {
      const response = await request(sut.http).post('/cats').send(tom).expect(201);

      expect(response.text).toBe('This action adds a new cat');
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    });

    it('should strip unknown properties so only name, age and breed reach the handler', async () => {
      const create = jest.spyOn(sut.app.get(CatsService), 'create');

      await request(sut.http)
        .post('/cats')
        .send({ ...tom, isAdmin: true, owner: { id: 1 } })
        .expect(201);

      const [received] = create.mock.calls[0];
      expect(received).toBeInstanceOf(CreateCatDto);
      expect(
        Object.keys(received).filter((key) => received[key as keyof CreateCatDto] !== undefined),
      ).toEqual(['name', 'age', 'breed']);
      expect({ ...received }).toEqual(tom);
    });

    it.each([
      ['age is a string', { ...tom, age: '3' }, 'age must be an integer between 0 and 50'],
      ['age is a fraction', { ...tom, age: 2.5 }, 'age must be an integer between 0 and 50'],
      ['age is negative', { ...tom, age: -1 }, 'age must be an integer between 0 and 50'],
      ['name is a number', { ...tom, name: 42 }, 'name must be a string'],
      ['breed is empty', { ...tom, breed: '' }, 'breed should not be empty'],
      [
        'name is too long',
        { ...tom, name: 'x'.repeat(101) },
        'name must be shorter than or equal to 100 characters',
      ],
    ])('should answer 400 when %s', async (_case, body, message) => {
      const response = await request(sut.http).post('/cats').send(body).expect(400);

      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(response.body.message).toContain(message);
    });

    it('should answer 400 naming every missing field', async () => {
      const response = await request(sut.http).post('/cats').send({}).expect(400);

      expect(response.body.message).toEqual(
        expect.arrayContaining([
          'name must be a string',
          'age must be an integer between 0 and 50',
          'breed must be a string',
        ]),
      );
    });

    it('should answer 400 without a body', async () => {
      const response = await request(sut.http).post('/cats').expect(400);

      expect(response.body.message).toContain('name must be a string');
    });

    it('should answer 400, not 500, for malformed JSON and say so', async () => {
      const response = await request(sut.http)
        .post('/cats')
        .set('Content-Type', 'application/json')
        .send('{"name": "Tom",')
        .expect(400);

      expect(response.body).toMatchObject({ statusCode: 400, message: expect.stringMatching(/JSON/) });
      expect(JSON.stringify(response.body)).not.toMatch(/at .*\.js|node_modules/);
    });

    it.each([
      ['an array', '[]'],
      ['an array of cats', JSON.stringify([tom])],
      ['a string', '"Tom"'],
      ['null', 'null'],
    ])('should answer 400 when the body is %s', async (_case, body) => {
      const response = await request(sut.http)
        .post('/cats')
        .set('Content-Type', 'application/json')
        .send(body);

      expect(response.status).toBe(400);
    });

    it.each([
      ['null', 'null'],
      ['a number', '42'],
      ['a string', '"Tom"'],
    ])('should say that a JSON body must be an object when it is %s', async (_case, body) => {
      const response = await request(sut.http)
        .put('/cats/1')
        .set('Authorization', `Bearer ${sut.aliceToken()}`)
        .set('Content-Type', 'application/json')
        .send(body)
        .expect(400);

      expect(response.body).toEqual({
        statusCode: 400,
        message: 'A JSON body must be an object',
        error: 'Bad Request',
      });
    });

    it.each([
      ['text/plain', 'text/plain'],
      ['no Content-Type', undefined],
    ])('should answer 415 to a JSON body sent as %s, not a 400 listing every field', async (_case, type) => {
      const post = request(sut.http).post('/cats');
      if (type) post.set('Content-Type', type);
      const response = await post.send(Buffer.from(JSON.stringify(tom)));

      expect(response.status).toBe(415);
      expect(response.body).toEqual({
        statusCode: 415,
        message: 'A request body must be sent as application/json',
        error: 'Unsupported Media Type',
      });
    });

    it('should answer 415 to a form, whose values are all text (age could never be a number)', async () => {
      const response = await request(sut.http).post('/cats').type('form').send(tom).expect(415);

      expect(response.body.message).toBe('A request body must be sent as application/json');
    });

    it('should answer 413 for a 2 MB body', async () => {
      const response = await request(sut.http)
        .post('/cats')
        .send({ ...tom, name: 'x'.repeat(2 * 1024 * 1024) })
        .expect(413);

      expect(response.body).toEqual({ statusCode: 413, message: 'request entity too large' });
    });
  });

  describe('GET /cats', () => {
    it('should answer the text with the limit', async () => {
      const response = await request(sut.http).get('/cats?limit=5').expect(200);

      expect(response.text).toBe('This action returns all cats (limit: 5 items)');
    });

    it.each(['/cats', '/cats?limit='])('should use a limit of 10 when none is given (%s)', async (path) => {
      const response = await request(sut.http).get(path).expect(200);

      expect(response.text).toBe('This action returns all cats (limit: 10 items)');
    });

    it.each([
      ['abc', 'limit must be an integer between 1 and 100'],
      ['1.5', 'limit must be an integer between 1 and 100'],
      ['0', 'limit must be an integer between 1 and 100'],
      ['101', 'limit must be an integer between 1 and 100'],
    ])('should answer 400 for limit=%s', async (limit, message) => {
      const response = await request(sut.http).get('/cats').query({ limit }).expect(400);

      expect(response.body.message).toContain(message);
    });

    it('should answer 400 for a limit given twice, saying so', async () => {
      const response = await request(sut.http).get('/cats?limit=5&limit=6').expect(400);

      expect(response.body.message).toEqual(['limit is given more than once: give it once']);
    });

    it('should answer 400 for a bracketed name rather than ignore it (axios sends arrays so)', async () => {
      const response = await request(sut.http).get('/cats?limit[]=5').expect(400);

      expect(response.body.message).toEqual([
        'limit[] is not a query parameter: names take no brackets (send limit=…)',
      ]);
    });
  });

  describe('GET /cats/:id', () => {
    it('should answer the text with the id', async () => {
      const response = await request(sut.http).get('/cats/1').expect(200);

      expect(response.text).toBe('This action returns a #1 cat');
    });

    it('should take the id as a string', async () => {
      const response = await request(sut.http).get('/cats/tom').expect(200);

      expect(response.text).toBe('This action returns a #tom cat');
    });
  });

  describe('an id that is markup (reflected in the text)', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const path = `/cats/${encodeURIComponent(markup)}`;
    const token = () => `Bearer ${sut.aliceToken()}`;

    it.each([
      ['GET', () => request(sut.http).get(path), `This action returns a #${markup} cat`],
      ['PUT', () => request(sut.http).put(path).send({ age: 4 }), `This action updates a #${markup} cat`],
      [
        'DELETE',
        () => request(sut.http).delete(path).set('Authorization', token()),
        `This action removes a #${markup} cat`,
      ],
    ])('should answer %s with its action text, byte for byte, as plain text', async (_method, send, text) => {
      const response = await send().expect(200);

      expect(response.text).toBe(text);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  it("should send helmet's security headers, worked out once at start, and no X-Powered-By", async () => {
    const first = await request(sut.http).get('/cats/1').expect(200);
    const second = await request(sut.http).get('/cats/2').expect(200);

    expect(first.headers).toMatchObject({
      'content-security-policy': expect.stringContaining("script-src 'self'"),
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': expect.stringContaining('max-age='),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
    });
    expect(first.headers).not.toHaveProperty('x-powered-by');
    const security = (headers: Record<string, string>) =>
      Object.entries(headers).filter(
        ([name]) => !['date', 'etag', 'content-length', 'x-request-id'].includes(name),
      );
    expect(security(second.headers)).toEqual(security(first.headers));
  });

  describe('PUT /cats/:id', () => {
    it('should answer the text with the id', async () => {
      const response = await request(sut.http).put('/cats/1').send(tom).expect(200);

      expect(response.text).toBe('This action updates a #1 cat');
    });

    it('should accept a partial update and strip unknown properties', async () => {
      const update = jest.spyOn(sut.app.get(CatsService), 'update');

      await request(sut.http).put('/cats/1').send({ age: 4, color: 'black' }).expect(200);

      const [id, changes] = update.mock.calls[0];
      expect(id).toBe('1');
      expect({ ...changes }).toEqual({ age: 4 });
    });

    it('should answer 400 when a field has the wrong type', async () => {
      const response = await request(sut.http).put('/cats/1').send({ age: 'old' }).expect(400);

      expect(response.body.message).toContain('age must be an integer between 0 and 50');
    });

    it('should answer 400 for null in a field that needs a value', async () => {
      const response = await request(sut.http).put('/cats/1').send({ name: null, age: null }).expect(400);

      expect(response.body.message).toEqual(
        expect.arrayContaining([expect.stringContaining('name'), expect.stringContaining('age')]),
      );
    });

    it('should answer 400 when no field is set (unknown ones are stripped first)', async () => {
      for (const body of [{}, { color: 'black' }]) {
        const response = await request(sut.http).put('/cats/1').send(body).expect(400);

        expect(response.body).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message: 'Nothing to update: send at least one of name, age, breed',
        });
      }
    });

    it('should answer 400 for malformed JSON', async () => {
      const response = await request(sut.http)
        .put('/cats/1')
        .set('Content-Type', 'application/json')
        .send('{age: 4}')
        .expect(400);

      expect(response.body.message).toMatch(/JSON/);
    });

    it('should answer 413 for a 2 MB body', async () => {
      await request(sut.http)
        .put('/cats/1')
        .send({ breed: 'x'.repeat(2 * 1024 * 1024) })
        .expect(413);
    });
  });

  describe('DELETE /cats/:id', () => {
    it('should answer 401 with the exact body without a token', async () => {
      const response = await request(sut.http).delete('/cats/1').expect(401);

      expect(response.body).toEqual(UNAUTHORIZED);
    });

    it('should answer 401 with an invalid token', async () => {
      const response = await request(sut.http)
        .delete('/cats/1')
        .set('Authorization', `Bearer ${sut.aliceToken()}x`)
        .expect(401);

      expect(response.body).toEqual(UNAUTHORIZED);
    });

    it('should answer the text with a valid token', async () => {
      const response = await request(sut.http)
        .delete('/cats/1')
        .set('Authorization', `Bearer ${sut.aliceToken()}`)
        .expect(200);

      expect(response.text).toBe('This action removes a #1 cat');
    });

    it('should accept a token from a real login', async () => {
      const login = await request(sut.http)
        .post('/auth/login')
        .send({ username: 'alice', password: 'alice-password' })
        .expect(200);

      await request(sut.http)
        .delete('/cats/7')
        .set('Authorization', `Bearer ${login.body.access_token}`)
        .expect(200, 'This action removes a #7 cat');
    });
  });
});
