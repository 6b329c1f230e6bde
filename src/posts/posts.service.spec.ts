import { NotFoundException } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { RequestLoaders } from '../graphql/request-loaders';
import type { DatabasePubSub, Topic } from '../database/database-pubsub';
import type { PostsRepository } from './posts.repository';
import { type PostAddedEvent, PostsService } from './posts.service';

const row = (id: number, authorId: number, votes: number | null = null) => ({
  id,
  title: `Post ${id}`,
  votes,
  authorId,
});
const post = (id: number, votes: number | null = null) => ({ id, title: `Post ${id}`, votes });

describe(PostsService.name, () => {
  let sut: PostsService;
  let repository: jest.Mocked<PostsRepository>;
  let added: jest.Mocked<Pick<Topic<PostAddedEvent>, 'notification' | 'subscribe'>>;
  let loadAdded: (reference: string | number) => Promise<PostAddedEvent | undefined>;

  beforeEach(() => {
    added = { notification: jest.fn().mockReturnValue(sql`select 'announced'`), subscribe: jest.fn() };
    const pubsub = {
      topic: (_channel: string, load: typeof loadAdded) => {
        loadAdded = load;
        return added;
      },
    } as unknown as DatabasePubSub;
    repository = {
      getByIds: jest.fn(),
      getPage: jest.fn(),
      count: jest.fn(),
      getFirstByAuthorIds: jest.fn(),
      getVotesOfAuthor: jest.fn(),
      getStatsOfAuthor: jest.fn(),
      create: jest.fn(),
      incrementVotes: jest.fn(),
      countAuthorsWithMoreVotes: jest.fn(),
      getById: jest.fn(),
    } as unknown as jest.Mocked<PostsRepository>;
    sut = new PostsService(repository, pubsub);
  });

  describe('getRank', () => {
    it('should be 1 plus the number of authors with more votes (ties share a rank)', async () => {
      repository.countAuthorsWithMoreVotes.mockResolvedValue(2);

      await expect(sut.getRank({ authorId: 3, postCount: 1, totalVotes: 4, votes: 4 })).resolves.toBe(3);
      expect(repository.countAuthorsWithMoreVotes).toHaveBeenCalledWith(4);
    });
  });

  describe('getList', () => {
    it('should read one page of posts in id order', async () => {
      repository.getPage.mockResolvedValue([row(3, 2), row(4, 3)]);

      await expect(sut.getList({ offset: 2, limit: 2 })).resolves.toEqual([post(3), post(4)]);
      expect(repository.getPage).toHaveBeenCalledWith(2, 2);
    });
  });

  describe('getByIds', () => {
    it('should answer in the order asked, with null for an unknown id', async () => {
      repository.getByIds.mockResolvedValue([row(1, 1), row(3, 2)]);

      await expect(sut.getByIds([3, 9, 1, 3])).resolves.toEqual([post(3), null, post(1), post(3)]);
    });
  });

  describe('loadByIds', () => {
    it("should batch one request's loads into one query, in the order asked, null for an unknown id", async () => {
      repository.getByIds.mockResolvedValue([row(2, 1), row(1, 1)]);
      const postsById = new RequestLoaders().of(sut.loadByIds);

      const results = await Promise.all([1, 9, 2].map((id) => postsById.load(id)));

      expect(results).toEqual([post(1), null, post(2)]);
      expect(repository.getByIds).toHaveBeenCalledTimes(1);
      expect(repository.getByIds).toHaveBeenCalledWith([1, 9, 2]);
    });
  });

  describe('getPage', () => {
    it('should read one row past the page to tell whether another page follows, without counting', async () => {
      repository.getPage.mockResolvedValue([row(3, 2), row(4, 3), row(5, 3)]);

      const page = await sut.getPage({ offset: 2, limit: 2 });

      expect(repository.getPage).toHaveBeenCalledWith(2, 3);
      expect(page).toMatchObject({
        nodes: [post(3), post(4)],
        hasNextPage: true,
        totalCount: undefined,
        offset: 2,
      });
      expect(repository.count).not.toHaveBeenCalled();
    });

    it('should count every post when asked, and say there is no next page when the extra row is missing', async () => {
      repository.getPage.mockResolvedValue([row(4, 3)]);
      repository.count.mockResolvedValue(4);

      await expect(sut.getPage({ offset: 3, limit: 2 }, { totalCount: true })).resolves.toMatchObject({
        nodes: [post(4)],
        totalCount: 4,
        hasNextPage: false,
      });
    });
  });

  describe('getFirstByAuthorIds', () => {
    it('should group the posts by author, in the order of the ids, with one query for distinct ids', async () => {
      repository.getFirstByAuthorIds.mockResolvedValue([row(1, 1), row(2, 2), row(3, 2)]);

      await expect(sut.getFirstByAuthorIds([2, 9, 1, 2], 10)).resolves.toEqual([
        [post(2), post(3)],
        [],
        [post(1)],
        [post(2), post(3)],
      ]);
      expect(repository.getFirstByAuthorIds).toHaveBeenCalledWith([2, 9, 1], 10);
    });
  });

  describe('loadByAuthor', () => {
    it("should batch one request's loads into one query", async () => {
      repository.getFirstByAuthorIds.mockResolvedValue([row(1, 1), row(2, 2)]);
      const postsByAuthor = new RequestLoaders().of(sut.loadByAuthor);

      const results = await Promise.all(
        [1, 2, 3].map((authorId) => postsByAuthor.load({ authorId, limit: 10 })),
      );

      expect(results).toEqual([[post(1)], [post(2)], []]);
      expect(repository.getFirstByAuthorIds).toHaveBeenCalledTimes(1);
    });

    it('should read the largest limit asked once and give each load its own number of posts', async () => {
      repository.getFirstByAuthorIds.mockResolvedValue([row(1, 1), row(2, 1), row(3, 1), row(4, 2)]);
      const postsByAuthor = new RequestLoaders().of(sut.loadByAuthor);

      const results = await Promise.all([
        postsByAuthor.load({ authorId: 1, limit: 2 }),
        postsByAuthor.load({ authorId: 1, limit: 3 }),
        postsByAuthor.load({ authorId: 2, limit: 1 }),
      ]);

      expect(results).toEqual([[post(1), post(2)], [post(1), post(2), post(3)], [post(4)]]);
      expect(repository.getFirstByAuthorIds).toHaveBeenCalledTimes(1);
      expect(repository.getFirstByAuthorIds).toHaveBeenCalledWith([1, 2], 3);
    });
  });

  describe('getPostIdsByAuthors', () => {
    it("should list the ids of each author's first 10 posts through the request's loader", async () => {
      repository.getFirstByAuthorIds.mockResolvedValue([row(1, 1), row(2, 2), row(3, 2)]);

      await expect(sut.getPostIdsByAuthors([2, 1, 5], new RequestLoaders())).resolves.toEqual([
        [2, 3],
        [1],
        [],
      ]);
      expect(repository.getFirstByAuthorIds).toHaveBeenCalledTimes(1);
      expect(repository.getFirstByAuthorIds).toHaveBeenCalledWith([2, 1, 5], 10);
    });
  });

  describe('getVotesOfAuthor', () => {
    it('should answer null for an unknown author', async () => {
      repository.getVotesOfAuthor.mockResolvedValue([]);

      await expect(sut.getVotesOfAuthor(9)).resolves.toBeNull();
    });

    it('should answer an empty list for an author without posts', async () => {
      repository.getVotesOfAuthor.mockResolvedValue([{ postId: null, votes: null }]);

      await expect(sut.getVotesOfAuthor(4)).resolves.toEqual([]);
    });

    it('should keep null votes in the list, reading at most 100 posts', async () => {
      repository.getVotesOfAuthor.mockResolvedValue([
        { postId: 1, votes: 3 },
        { postId: 2, votes: null },
      ]);

      await expect(sut.getVotesOfAuthor(1)).resolves.toEqual([3, null]);
      expect(repository.getVotesOfAuthor).toHaveBeenCalledWith(1, 100);
    });
  });

  describe('getAuthorStats', () => {
    it('should answer null for an unknown author', async () => {
      repository.getStatsOfAuthor.mockResolvedValue(undefined);

      await expect(sut.getAuthorStats(9)).resolves.toBeNull();
    });

    it('should answer the counts of the database, the deprecated votes equal to totalVotes', async () => {
      repository.getStatsOfAuthor.mockResolvedValue({ postCount: 2, totalVotes: 3 });

      await expect(sut.getAuthorStats(1)).resolves.toEqual({
        authorId: 1,
        postCount: 2,
        totalVotes: 3,
        votes: 3,
      });
    });
  });

  describe('create', () => {
    /** The repository's transaction: the row stored, then the announcement made of it. */
    const storing = (stored: ReturnType<typeof row>) =>
      repository.create.mockImplementation((_values, announce) => {
        announce(stored);
        return Promise.resolve(stored);
      });

    it('should return the new post without its author id', async () => {
      storing(row(5, 1));

      await expect(sut.create(1, { title: 'Post 5' })).resolves.toEqual(post(5));
      expect(repository.create).toHaveBeenCalledWith({ authorId: 1, title: 'Post 5' }, expect.any(Function));
    });

    it('should throw NotFoundException when the author does not exist', async () => {
      // What either driver raises when the foreign key finds no author (through Drizzle's wrapper).
      const violation = { code: '23503', detail: 'Key (author_id)=(99) is not present in table "authors".' };
      repository.create.mockRejectedValue(Object.assign(new Error('Failed query'), { cause: violation }));

      await expect(sut.create(99, { title: 'Orphan' })).rejects.toThrow(
        new NotFoundException('Author 99 not found'),
      );
    });

    it('should announce postAdded in the transaction that stores the post, its id standing in for a message too large', async () => {
      storing(row(5, 1));

      await sut.create(1, { title: 'Post 5' });

      expect(added.notification).toHaveBeenCalledWith({ authorId: 1, post: post(5) }, 5);
      const announce = repository.create.mock.calls[0][1];
      expect(announce(row(5, 1))).toBe(added.notification.mock.results[0].value);
    });

    it('should fail, with nothing stored, when the transaction fails (a post is never stored unannounced)', async () => {
      repository.create.mockRejectedValue(new Error('connection lost'));

      await expect(sut.create(1, { title: 'Post 5' })).rejects.toThrow('connection lost');
    });
  });

  describe('postAdded', () => {
    it('should load an event sent by reference from the stored row', async () => {
      repository.getById.mockResolvedValue(row(7, 2));

      await expect(loadAdded('7')).resolves.toEqual({ authorId: 2, post: post(7) });
      expect(repository.getById).toHaveBeenCalledWith(7);
    });

    it('should filter by author only when one is given', async () => {
      const events = { next: jest.fn(), [Symbol.asyncIterator]: jest.fn() };
      added.subscribe.mockResolvedValue(events as unknown as AsyncIterableIterator<PostAddedEvent>);
      const filterOf = () => added.subscribe.mock.calls.at(-1)![0]!;
      const event = (authorId: number) => ({ authorId, post: post(1) });

      await sut.subscribeToAdded(2);
      expect([filterOf()(event(2)), filterOf()(event(3))]).toEqual([true, false]);
      await sut.subscribeToAdded(null);
      expect([filterOf()(event(2)), filterOf()(event(3))]).toEqual([true, true]);
    });

    it('should yield the posts of the events', async () => {
      const events = [{ authorId: 1, post: post(1) }][Symbol.iterator]();
      added.subscribe.mockResolvedValue({
        next: () => Promise.resolve(events.next()),
        [Symbol.asyncIterator]() {
          return this;
        },
      } as AsyncIterableIterator<PostAddedEvent>);

      const posts = await sut.subscribeToAdded();

      await expect(posts.next()).resolves.toEqual({ value: post(1), done: false });
      await expect(posts.next()).resolves.toEqual({ value: undefined, done: true });
    });
  });

  describe('upvote', () => {
    it('should return the post with its new votes', async () => {
      repository.incrementVotes.mockResolvedValue(row(4, 3, 1));

      await expect(sut.upvote(4)).resolves.toEqual(post(4, 1));
    });

    it('should throw NotFoundException when the post does not exist', async () => {
      repository.incrementVotes.mockResolvedValue(undefined);

      await expect(sut.upvote(99)).rejects.toThrow(new NotFoundException('Post 99 not found'));
    });
  });
});
