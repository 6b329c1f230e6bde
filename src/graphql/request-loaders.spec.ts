import { alignWithIds, RequestLoaders } from './request-loaders';

describe(RequestLoaders.name, () => {
  const double = jest.fn((keys: readonly number[]) => Promise.resolve(keys.map((key) => key * 2)));

  beforeEach(() => double.mockClear());

  it('should batch the loads of one tick into one call of the batch function', async () => {
    const sut = new RequestLoaders();

    await expect(Promise.all([1, 2, 3].map((key) => sut.of(double).load(key)))).resolves.toEqual([2, 4, 6]);
    expect(double).toHaveBeenCalledTimes(1);
    expect(double).toHaveBeenCalledWith([1, 2, 3]);
  });

  it('should give one loader per batch function within a request', () => {
    const sut = new RequestLoaders();
    const other = (keys: readonly number[]) => Promise.resolve([...keys]);

    expect(sut.of(double)).toBe(sut.of(double));
    expect(sut.of(other)).not.toBe(sut.of(double));
  });

  it('should load an object key asked for twice once (keys compare by value)', async () => {
    const sum = jest.fn((keys: ReadonlyArray<{ a: number; b: number }>) =>
      Promise.resolve(keys.map(({ a, b }) => a + b)),
    );
    const loader = new RequestLoaders().of(sum);

    await expect(Promise.all([loader.load({ a: 1, b: 2 }), loader.load({ a: 1, b: 2 })])).resolves.toEqual([
      3, 3,
    ]);
    expect(sum).toHaveBeenCalledWith([{ a: 1, b: 2 }]);
  });

  it('should share nothing between requests (no cache crosses users)', async () => {
    await new RequestLoaders().of(double).load(1);
    await new RequestLoaders().of(double).load(1);

    expect(double).toHaveBeenCalledTimes(2);
  });
});

describe(alignWithIds.name, () => {
  it('should answer one entry per id, in the order asked, null where no row has it, a repeated id each time', () => {
    const rows = [
      { id: 3, name: 'c' },
      { id: 1, name: 'a' },
    ];

    expect(alignWithIds([1, 2, 3, 1], rows)).toEqual([rows[1], null, rows[0], rows[1]]);
  });

  it('should answer nothing for no ids', () => {
    expect(alignWithIds([], [{ id: 1 }])).toEqual([]);
  });
});
