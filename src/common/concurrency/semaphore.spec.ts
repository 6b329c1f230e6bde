import { Semaphore } from './semaphore';

describe(Semaphore.name, () => {
  it('should never run more than the limit at once', async () => {
    const sut = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const task = async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    };

    await Promise.all(Array.from({ length: 10 }, () => sut.run(task)));

    expect(peak).toBe(2);
    expect(sut.pending).toBe(0);
  });

  it('should release its slot when a task fails', async () => {
    const sut = new Semaphore(1);
    await expect(sut.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(sut.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('should refuse a limit below one', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
  });
});
