import { Semaphore, SemaphoreFullError } from './semaphore';

/** A task that runs until its `finish` is called: counting is exact, never timing-based. */
function heldTask() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: () => {
      started = true;
      return done;
    },
    finish: () => finish(),
    get started() {
      return started;
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

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

  it('should refuse a limit or a share below one, and a negative waiting line', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(1, { maxWaiting: -1 })).toThrow(RangeError);
    expect(() => new Semaphore(1, { maxPerOwner: 0 })).toThrow(RangeError);
  });

  it('should hand a freed slot to the next waiter, not to a newcomer of the same turn', async () => {
    const sut = new Semaphore(1);
    const first = heldTask();
    const second = heldTask();
    const newcomer = heldTask();
    const runs = [sut.run(first.run), sut.run(second.run)];

    first.finish();
    await runs[0];
    runs.push(sut.run(newcomer.run));
    await turn();

    expect(second.started).toBe(true);
    expect(newcomer.started).toBe(false);
    second.finish();
    newcomer.finish();
    await Promise.all(runs);
  });

  describe('with a limited waiting line', () => {
    it('should refuse at once when every slot is busy and the line is full, and admit again once it moves', async () => {
      const sut = new Semaphore(1, { maxWaiting: 2 });
      const tasks = [heldTask(), heldTask(), heldTask()];
      const admitted = tasks.map((task) => sut.run(task.run));

      await expect(sut.run(() => Promise.resolve('refused'))).rejects.toBeInstanceOf(SemaphoreFullError);
      expect(sut.pending).toBe(2);

      tasks[0].finish();
      await admitted[0];
      const later = sut.run(() => Promise.resolve('admitted'));
      tasks[1].finish();
      tasks[2].finish();
      await expect(later).resolves.toBe('admitted');
    });

    it('should refuse anything that would wait when the line holds none', async () => {
      const sut = new Semaphore(1, { maxWaiting: 0 });
      const task = heldTask();
      const running = sut.run(task.run);

      await expect(sut.run(() => Promise.resolve())).rejects.toBeInstanceOf(SemaphoreFullError);
      task.finish();
      await running;
    });
  });

  describe('with a share per owner', () => {
    it('should refuse an owner at once past its share of running and waiting tasks, and no one else', async () => {
      const sut = new Semaphore(1, { maxPerOwner: 2 });
      const tasks = [heldTask(), heldTask(), heldTask()];
      const admitted = [
        sut.run(tasks[0].run, { owner: 'flood' }),
        sut.run(tasks[1].run, { owner: 'flood' }),
        sut.run(tasks[2].run, { owner: 'someone' }),
      ];

      await expect(sut.run(() => Promise.resolve(), { owner: 'flood' })).rejects.toBeInstanceOf(
        SemaphoreFullError,
      );
      expect(sut.pending).toBe(2);

      tasks[0].finish();
      await admitted[0];
      const again = sut.run(() => Promise.resolve('admitted again'), { owner: 'flood' });
      tasks[1].finish();
      tasks[2].finish();
      await expect(again).resolves.toBe('admitted again');
    });

    it("should count an owner's waiting task, and give its place back when it is aborted", async () => {
      const sut = new Semaphore(1, { maxPerOwner: 1 });
      const holder = heldTask();
      const running = sut.run(holder.run, { owner: 'other' });
      const caller = new AbortController();
      const waiting = sut.run(() => Promise.resolve(), { owner: 'a', signal: caller.signal });

      await expect(sut.run(() => Promise.resolve(), { owner: 'a' })).rejects.toBeInstanceOf(
        SemaphoreFullError,
      );
      caller.abort(new Error('gone'));
      await expect(waiting).rejects.toThrow('gone');

      const again = sut.run(() => Promise.resolve('a again'), { owner: 'a' });
      holder.finish();
      await running;
      await expect(again).resolves.toBe('a again');
    });

    it("should give an owner's place back when the full line refuses it", async () => {
      const sut = new Semaphore(1, { maxWaiting: 0, maxPerOwner: 1 });
      const holder = heldTask();
      const running = sut.run(holder.run, { owner: 'other' });

      await expect(sut.run(() => Promise.resolve(), { owner: 'a' })).rejects.toBeInstanceOf(
        SemaphoreFullError,
      );
      holder.finish();
      await running;

      await expect(sut.run(() => Promise.resolve('admitted'), { owner: 'a' })).resolves.toBe('admitted');
    });
  });

  describe('with an AbortSignal', () => {
    it('should not start a task whose signal has already fired', async () => {
      const sut = new Semaphore(1);
      const task = jest.fn(() => Promise.resolve());

      await expect(sut.run(task, { signal: AbortSignal.abort(new Error('gone')) })).rejects.toThrow('gone');
      expect(task).not.toHaveBeenCalled();
    });

    it('should take a waiter out of the line when its signal fires, and never run its task', async () => {
      const sut = new Semaphore(1, { maxWaiting: 1 });
      const holder = heldTask();
      const running = sut.run(holder.run);
      const caller = new AbortController();
      const abandoned = jest.fn(() => Promise.resolve());
      const waiting = sut.run(abandoned, { signal: caller.signal });
      expect(sut.pending).toBe(1);

      caller.abort(new Error('client gone'));

      await expect(waiting).rejects.toThrow('client gone');
      expect(sut.pending).toBe(0);
      // Its place in the line is free again.
      const next = sut.run(() => Promise.resolve('next'));
      holder.finish();
      await running;
      await expect(next).resolves.toBe('next');
      expect(abandoned).not.toHaveBeenCalled();
    });

    it('should not run a task whose signal fires as its slot frees up, and pass the slot on', async () => {
      const sut = new Semaphore(1);
      const holder = heldTask();
      const running = sut.run(holder.run);
      const caller = new AbortController();
      const abandoned = jest.fn(() => Promise.resolve());
      const waiting = sut.run(abandoned, { signal: caller.signal });

      holder.finish();
      caller.abort(new Error('client gone'));

      await running;
      await expect(waiting).rejects.toThrow('client gone');
      expect(abandoned).not.toHaveBeenCalled();
      await expect(sut.run(() => Promise.resolve('next'))).resolves.toBe('next');
    });
  });
});
