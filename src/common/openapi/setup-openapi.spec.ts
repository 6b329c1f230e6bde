import { All, Controller, Get, INestApplication, Post } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import request from 'supertest';
import { Authenticated, Public } from '../decorators/public.decorator';
import { OPENAPI_JSON_PATH, setupOpenApi } from './setup-openapi';

@Controller('guarded')
class GuardedController {
  @Get()
  getGuarded(): string {
    return 'token needed';
  }

  @All('any')
  acceptAnyMethod(): string {
    return 'token needed';
  }

  @Public()
  @Post('open')
  postOpen(): string {
    return 'no token';
  }
}

@Public()
@Controller('open')
class OpenController {
  @Get()
  getOpen(): string {
    return 'no token';
  }

  @Get('closed')
  @Authenticated()
  getClosed(): string {
    return 'token needed';
  }
}

type Operation = { security?: Record<string, string[]>[] };
type Document = { paths: Record<string, Record<string, Operation>>; components: Record<string, unknown> };

async function documentOf(): Promise<{ app: INestApplication; document: Document }> {
  const moduleRef = await Test.createTestingModule({
    controllers: [GuardedController, OpenController],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  setupOpenApi(app);
  await app.init();
  const response = await request(app.getHttpServer()).get(`/${OPENAPI_JSON_PATH}`).expect(200);
  return { app, document: response.body as Document };
}

describe(setupOpenApi.name, () => {
  const BEARER = [{ bearer: [] }];
  let app: INestApplication;
  let document: Document;

  beforeAll(async () => ({ app, document } = await documentOf()));

  afterAll(() => app.close());

  it('should declare the bearer scheme', () => {
    expect(document.components).toMatchObject({
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    });
  });

  it('should document the bearer scheme on routes the global guard protects, without @ApiBearerAuth()', () => {
    expect(document.paths['/guarded'].get.security).toEqual(BEARER);
    for (const operation of Object.values(document.paths['/guarded/any'])) {
      expect(operation.security).toEqual(BEARER);
    }
  });

  it('should say that public routes need no token (security: [])', () => {
    expect(document.paths['/guarded/open'].post.security).toEqual([]);
    expect(document.paths['/open'].get.security).toEqual([]);
  });

  it('should let handler metadata win over a public class, declaring the scheme once', () => {
    expect(document.paths['/open/closed'].get.security).toEqual(BEARER);
  });

  it('should not add the scheme twice when a second app documents the same controllers', async () => {
    const second = await documentOf();
    await second.app.close();

    expect(second.document.paths['/guarded'].get.security).toEqual(BEARER);
  });
});
