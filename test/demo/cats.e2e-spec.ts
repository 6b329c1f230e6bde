import request from 'supertest';
import { CatsService } from '../../src/cats/cats.service';
import { CreateCatDto } from '../../src/cats/dto/create-cat.dto';
import { useTestApp } from '../utils/test-app';

const tom = { name: 'Tom', age: 3, breed: 'Maine Coon' };

// The example resource's own answers (CONTRACT §3.1). What every route gets from the app (body parsing and its
// limits, 400/413/415 answers, the guard's 401, security headers, query strings) is tested on the test-only probe
// in test/http-requests.e2e-spec.ts.
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
  });

  describe('DELETE /cats/:id', () => {
    // Handler metadata wins over the class's @Public() (the 401 itself: test/http-requests.e2e-spec.ts).
    it('should need a token', async () => {
      await request(sut.http).delete('/cats/1').expect(401);
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
