import express from 'express';
import request from 'supertest';
import { refuseUnparsedBodies } from './unparsed-body';

describe('refuseUnparsedBodies', () => {
  const app = express()
    .use(refuseUnparsedBodies(['/graphql']))
    .use((_request, response) => response.sendStatus(204))
    .use(((error, _request, response, _next) =>
      response.status(error.status).send(error.message)) as express.ErrorRequestHandler);

  it('should let JSON through', async () => {
    await request(app)
      .post('/cats')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send('{}')
      .expect(204);
  });

  it('should let a request without a body through, whatever its type says', async () => {
    await request(app).post('/cats').set('Content-Type', 'text/plain').expect(204);
    await request(app).get('/cats').set('Content-Type', 'text/plain').send('x').expect(204);
  });

  it('should refuse a body of another type, or of none named, with 415', async () => {
    await request(app).post('/cats').set('Content-Type', 'text/plain').send('{}').expect(415);
    await request(app).post('/cats').type('form').send('name=Tom&age=3').expect(415);
    await request(app).patch('/cats/1').send(Buffer.from('{}')).expect(415);
    await request(app)
      .put('/cats/1')
      .set('Content-Type', 'application/merge-patch+json')
      .send('{}')
      .expect(415);
  });

  it.each(['/graphql', '/GraphQL', '/graphql/'])('should leave %s to its own rules', async (path) => {
    await request(app).post(path).set('Content-Type', 'text/plain').send('{}').expect(204);
  });
});
