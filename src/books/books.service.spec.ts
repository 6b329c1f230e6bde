import { BadRequestException, NotFoundException } from '@nestjs/common';
import { encodeCursor } from '../common/pagination/cursor';
import type { KeyedRow } from '../common/pagination/keyset';
import { BooksRepository } from './books.repository';
import { BY_ID, BooksService } from './books.service';
import type { BookRow } from './books.table';

describe(BooksService.name, () => {
  const row = (id: number) => ({ id, sortKey: id }) as KeyedRow<BookRow>;
  let repository: jest.Mocked<BooksRepository>;
  let sut: BooksService;

  beforeEach(() => {
    repository = {
      getById: jest.fn(),
      getPage: jest.fn(),
      count: jest.fn(),
      create: jest.fn(),
      update: jest.fn(),
      delete: jest.fn(),
    } as unknown as jest.Mocked<BooksRepository>;
    sut = new BooksService(repository);
  });

  it('should answer null for an unknown id, or 404 where one is required', async () => {
    repository.getById.mockResolvedValue(undefined);

    await expect(sut.findById(7)).resolves.toBeNull();
    await expect(sut.getById(7)).rejects.toThrow(NotFoundException);
  });

  it('should read one row past the page to tell whether another follows, and count only when asked', async () => {
    repository.getPage.mockResolvedValue([row(1), row(2), row(3)]);

    const page = await sut.getPage({ offset: 4, limit: 2 });

    expect(repository.getPage).toHaveBeenCalledWith({}, BY_ID, 4, 3, undefined);
    expect(page.nodes.map(({ id }) => id)).toEqual([1, 2]);
    expect(page).toMatchObject({ hasNextPage: true, offset: 4, totalCount: undefined });
    expect(repository.count).not.toHaveBeenCalled();
  });

  it('should give each node a cursor, and continue after the one it is given', async () => {
    repository.getPage.mockResolvedValue([row(7), row(8)]);

    const page = await sut.getPage({ offset: 0, limit: 2, after: encodeCursor('id', 6, 6) });

    expect(repository.getPage).toHaveBeenCalledWith({}, BY_ID, 0, 3, { field: 'id', value: 6, id: 6 });
    expect(page.cursors).toEqual([encodeCursor('id', 7, 7), encodeCursor('id', 8, 8)]);
  });

  it('should stop a page before 1 MiB, and say that more follows', async () => {
    const large = (id: number) =>
      ({ ...row(id), title: 'x'.repeat(300_000) }) as unknown as KeyedRow<BookRow>;
    repository.getPage.mockResolvedValue([large(1), large(2), large(3), large(4)]);

    const page = await sut.getPage({ offset: 0, limit: 5 });

    expect(page.nodes.map(({ id }) => id)).toEqual([1, 2, 3]);
    expect(page.cursors).toHaveLength(3);
    expect(page.hasNextPage).toBe(true);
  });

  it('should refuse a cursor of another order', async () => {
    const after = encodeCursor('createdAt', '2026-01-01T00:00:00.000000Z', 6);

    await expect(sut.getPage({ offset: 0, limit: 2, after })).rejects.toThrow(BadRequestException);
    expect(repository.getPage).not.toHaveBeenCalled();
  });

  it('should count the matches when asked', async () => {
    repository.getPage.mockResolvedValue([]);
    repository.count.mockResolvedValue(5);

    const page = await sut.getPage({ offset: 10, limit: 2 }, {}, BY_ID, { totalCount: true });

    expect(page).toMatchObject({ nodes: [], totalCount: 5, hasNextPage: false });
  });

  it('should answer 404 to an update or delete of an unknown id', async () => {
    repository.update.mockResolvedValue(undefined);
    repository.delete.mockResolvedValue(undefined);

    await expect(sut.update(7, {})).rejects.toThrow(NotFoundException);
    await expect(sut.delete(7)).rejects.toThrow(NotFoundException);
  });

  it('should return the deleted book', async () => {
    repository.delete.mockResolvedValue(row(3));

    await expect(sut.delete(3)).resolves.toMatchObject({ id: 3 });
  });
});
