import { Controller, Get, Header, INestApplication, Module, Query, Res } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Response } from 'express';
import request from 'supertest';
import { AppExpressAdapter, PLAIN_TEXT } from './app-express.adapter';

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
