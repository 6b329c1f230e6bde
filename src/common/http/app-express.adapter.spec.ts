import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Body, Controller, Get, Header, INestApplication, Module, Post, Query, Res } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Response } from 'express';
import request from 'supertest';
import { AppExpressAdapter, PLAIN_TEXT, REQUEST_TIMEOUTS } from './app-express.adapter';

@Controller()
class AnswersController {
  @Get('text')
  text(@Query('value') value: string): string {
    return value;
  }

  @Get('number')
  number(): number {
    return 42;
  }

  @Get('flag')
  flag(): boolean {
    return true;
  }

  @Get('object')
  object(): object {
    return { a: 1 };
  }

  @Get('nothing')
  nothing(): null {
    return null;
  }

  @Get('csv')
  @Header('Content-Type', 'text/csv')
  csv(): string {
    return 'a,b';
  }

  @Post('echo')
  echo(@Body() body: object): object {
    return body;
  }

  @Get('library')
  library(@Res() response: Response): void {
    response.send('<p>chosen by the handler</p>');
  }
}

@Module({ controllers: [AnswersController] })
class AnswersModule {}

describe(AppExpressAdapter.name, () => {
  let app: INestApplication;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AnswersModule] }).compile();
    app = moduleRef.createNestApplication(new AppExpressAdapter(), { logger: false });
    await app.init();
  });

  afterAll(() => app.close());

  it("should give the server the app's request time-outs, not Node's five minutes", () => {
    const server = app.getHttpServer() as Server;

    expect(server.headersTimeout).toBe(REQUEST_TIMEOUTS.headersMs);
    expect(server.requestTimeout).toBe(REQUEST_TIMEOUTS.requestMs);
  });

  it.each([
    ['/text?value=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E', '<img src=x onerror=alert(1)>'],
    ['/text?value=', ''],
    ['/number', '42'],
    ['/flag', 'true'],
  ])('should send the answer of %s as plain text, unchanged', async (path, body) => {
    const response = await request(app.getHttpServer()).get(path).expect(200);

    expect(response.headers['content-type']).toBe(PLAIN_TEXT);
    expect(response.text).toBe(body);
  });

  it('should leave objects to JSON and an empty answer without a body', async () => {
    const json = await request(app.getHttpServer()).get('/object').expect(200);
    const empty = await request(app.getHttpServer()).get('/nothing').expect(200);

    expect(json.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(json.body).toEqual({ a: 1 });
    expect(empty.headers['content-type']).toBeUndefined();
    expect(empty.text).toBe('');
  });

  it('should keep a Content-Type the handler chose, and leave a library-mode handler alone', async () => {
    const csv = await request(app.getHttpServer()).get('/csv').expect(200);
    const library = await request(app.getHttpServer()).get('/library').expect(200);

    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(library.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});

describe(`${AppExpressAdapter.name} with short request time-outs`, () => {
  let app: INestApplication;
  let port: number;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [AnswersModule] }).compile();
    const timeouts = { headersMs: 300, requestMs: 500, checkEveryMs: 50 };
    app = moduleRef.createNestApplication(new AppExpressAdapter(timeouts), { logger: false });
    await app.listen(0, '127.0.0.1');
    port = ((app.getHttpServer() as Server).address() as AddressInfo).port;
  });

  afterAll(() => app.close());

  /** Sends `head` and then nothing more: what the server answers, once it has closed the connection. */
  const stall = (head: string) =>
    new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(head));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
    });

  it('should answer 408 and close a connection whose body stops coming', async () => {
    const answer = await stall(
      'POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a"',
    );

    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('should answer 408 and close a connection whose headers never end', async () => {
    const answer = await stall('GET /object HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n');

    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  });

  it('should still serve a request that arrives in time', async () => {
    await request(app.getHttpServer()).post('/echo').send({ a: 1 }).expect(201, { a: 1 });
  });
});
