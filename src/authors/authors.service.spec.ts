import type { PostsService } from '../posts/posts.service';
import type { AuthorsRepository } from './authors.repository';
import { AuthorsService } from './authors.service';

const row = (id: number) => ({ id, firstName: `First${id}`, lastName: `Last${id}` });
const author = (id: number) => ({ id, firstName: `First${id}`, lastName: `Last${id}` });

describe(AuthorsService.name, () => {
  let sut: AuthorsService;
  let repository: jest.Mocked<AuthorsRepository>;
  let posts: jest.Mocked<PostsService>;

  beforeEach(() => {
    repository = {
      getByIds: jest.fn(),
      getFirstByName: jest.fn(),
      getPage: jest.fn(),
      getPageWithTotal: jest.fn(),
      count: jest.fn(),
    } as unknown as jest.Mocked<AuthorsRepository>;
    posts = { getFirstByAuthorIds: jest.fn() } as unknown as jest.Mocked<PostsService>;
    sut = new AuthorsService(repository, posts);
  });

  describe('getPage', () => {
    it('should read one row past the page to tell whether another page follows, without counting', async () => {
      repository.getPage.mockResolvedValue([row(1), row(2), row(3)]);

      const page = await sut.getPage({ offset: 0, limit: 2 });

      expect(repository.getPage).toHaveBeenCalledWith(0, 3);
      expect(page).toMatchObject({ nodes: [author(1), author(2)], hasNextPage: true, totalCount: undefined });
      expect(repository.getPageWithTotal).not.toHaveBeenCalled();
      expect(repository.count).not.toHaveBeenCalled();
    });

    it('should say there is no next page when the extra row is missing', async () => {
      repository.getPage.mockResolvedValue([row(3)]);

      await expect(sut.getPage({ offset: 2, limit: 2 })).resolves.toMatchObject({
        nodes: [author(3)],
        hasNextPage: false,
      });
    });

    it('should take the total from the page query when asked for it', async () => {
      repository.getPageWithTotal.mockResolvedValue({ rows: [row(1)], total: 3 });

      await expect(sut.getPage({ offset: 0, limit: 1 }, { totalCount: true })).resolves.toMatchObject({
        totalCount: 3,
      });
      expect(repository.count).not.toHaveBeenCalled();
    });

    it('should count separately for a page past the end (no row carries the total)', async () => {
      repository.getPageWithTotal.mockResolvedValue({ rows: [], total: undefined });
      repository.count.mockResolvedValue(3);

      await expect(sut.getPage({ offset: 10, limit: 5 }, { totalCount: true })).resolves.toMatchObject({
        nodes: [],
        totalCount: 3,
        hasNextPage: false,
      });
    });

    it("should attach each author's first 10 posts with one call for the whole page when asked for them", async () => {
      repository.getPage.mockResolvedValue([row(1), row(2)]);
      const postOf1 = { id: 10, title: 'Ten', votes: null };
      posts.getFirstByAuthorIds.mockResolvedValue([[postOf1], []]);

      const page = await sut.getPage({ offset: 0, limit: 5 }, { posts: true });

      expect(posts.getFirstByAuthorIds).toHaveBeenCalledTimes(1);
      expect(posts.getFirstByAuthorIds).toHaveBeenCalledWith([1, 2], 10);
      expect(page.nodes).toEqual([
        { ...author(1), posts: [postOf1] },
        { ...author(2), posts: [] },
      ]);
    });
  });

  describe('getByName', () => {
    it.each([
      [{}, {}],
      [{ firstName: null, lastName: '' }, {}],
      [{ firstName: undefined, lastName: null }, {}],
      [{ firstName: 'Ada', lastName: '' }, { firstName: 'Ada' }],
      [{ firstName: null, lastName: 'Turing' }, { lastName: 'Turing' }],
    ])('should treat null, undefined and empty names as "any" (%p)', async (args, filter) => {
      repository.getFirstByName.mockResolvedValue(undefined);

      await expect(sut.getByName(args as never)).resolves.toBeNull();
      expect(repository.getFirstByName).toHaveBeenCalledWith({
        firstName: undefined,
        lastName: undefined,
        ...filter,
      });
    });
  });

  describe('getByIds', () => {
    it('should answer in the order asked, with null for an unknown id', async () => {
      repository.getByIds.mockResolvedValue([row(1), row(3)]);

      await expect(sut.getByIds([3, 9, 1, 3])).resolves.toEqual([author(3), null, author(1), author(3)]);
    });
  });
});
