import request from 'supertest';
import { createHttpHarness, type HttpHarness } from '../../test/utils/http-harness';
import { AuthorsController } from './authors.controller';
import { AuthorsService } from './authors.service';

describe(AuthorsController.name, () => {
  const service = { getPage: jest.fn() };
  let sut: HttpHarness;

  beforeAll(async () => {
    sut = await createHttpHarness(AuthorsController, [{ provide: AuthorsService, useValue: service }]);
  });

  afterAll(() => sut.close());

  beforeEach(() => {
    service.getPage.mockReset();
    service.getPage.mockResolvedValue({ nodes: [], totalCount: 0, hasNextPage: false });
  });

  it('should be a public route', async () => {
    await request(sut.http).get('/authors').expect(200, { nodes: [], totalCount: 0, hasNextPage: false });
  });

  it('should ask the service for one page, with the defaults of PaginationArgs and the posts', async () => {
    await request(sut.http).get('/authors?limit=5').expect(200);

    expect(service.getPage).toHaveBeenCalledWith(expect.objectContaining({ offset: 0, limit: 5 }), {
      totalCount: true,
      posts: true,
    });
  });

  it.each(['limit=0', 'limit=101', 'limit=x', 'offset=-1'])(
    'should answer 400 to %s without calling the service',
    async (query) => {
      const { body } = await request(sut.http).get(`/authors?${query}`).expect(400);

      expect(body.message).toEqual([expect.stringMatching(/^(offset|limit) /)]);
      expect(service.getPage).not.toHaveBeenCalled();
    },
  );
});
