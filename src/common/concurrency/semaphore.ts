/** Thrown by `Semaphore.run` when the task may neither run nor wait: the line, or its owner's share, is full. */
export class SemaphoreFullError extends Error {
  override readonly name = 'SemaphoreFullError';
}

export interface SemaphoreLimits {
  /** Tasks allowed to wait for a slot; past it `run` refuses at once. */
  maxWaiting?: number;
  /** Tasks one owner may have running or waiting at once; past it `run` refuses that owner at once. */
  maxPerOwner?: number;
}

export interface RunOptions {
  /** When it fires, a waiting task leaves the line, and a task whose slot comes after it never runs. */
  signal?: AbortSignal;
  /** Who the task is for (a client address): counted against `maxPerOwner`. */
  owner?: string;
}

interface Waiter {
  grant(): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

/**
 * Lets at most `limit` tasks run at once; the rest wait in arrival order, within the limits: at most `maxWaiting`
 * of them, and at most `maxPerOwner` running or waiting for one owner, so that one owner cannot take the whole
 * line. Over a limit, `run` refuses at once (SemaphoreFullError) rather than let a wait grow.
 * Hand-written: p-limit and p-queue bound the concurrency (p-queue takes an AbortSignal too), but neither has a
 * per-owner share or refuses past a bounded line, which is what keeps one client from filling the password hasher.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Waiter[] = [];
  private readonly perOwner = new Map<string, number>();
  private readonly maxWaiting: number;
  private readonly maxPerOwner: number;

  constructor(
    private readonly limit: number,
    { maxWaiting = Number.POSITIVE_INFINITY, maxPerOwner = Number.POSITIVE_INFINITY }: SemaphoreLimits = {},
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError('limit must be a positive integer');
    if (!(maxWaiting >= 0)) throw new RangeError('maxWaiting must be zero or more');
    if (!(maxPerOwner >= 1)) throw new RangeError('maxPerOwner must be at least 1');
    this.maxWaiting = maxWaiting;
    this.maxPerOwner = maxPerOwner;
  }

  get pending(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>, { signal, owner }: RunOptions = {}): Promise<T> {
    signal?.throwIfAborted();
    if (owner !== undefined && (this.perOwner.get(owner) ?? 0) >= this.maxPerOwner) {
      throw new SemaphoreFullError();
    }
    this.countOwner(owner, +1);
    try {
      await this.acquire(signal);
    } catch (error) {
      this.countOwner(owner, -1);
      throw error;
    }
    try {
      // The slot may come after the caller gave up (an abort in the same turn as the grant).
      signal?.throwIfAborted();
      return await task();
    } finally {
      this.countOwner(owner, -1);
      this.release();
    }
  }

  private acquire(signal: AbortSignal | undefined): Promise<void> {
    if (this.active < this.limit) {
      this.active += 1;
      return Promise.resolve();
    }
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new SemaphoreFullError());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { grant: resolve, signal };
      if (signal) {
        waiter.onAbort = () => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(signal.reason as Error);
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiting.push(waiter);
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.active -= 1;
      return;
    }
    // The slot passes straight to the next waiter (`active` unchanged), so no newcomer can take it in between.
    if (next.onAbort) next.signal?.removeEventListener('abort', next.onAbort);
    next.grant();
  }

  private countOwner(owner: string | undefined, change: 1 | -1): void {
    if (owner === undefined) return;
    const count = (this.perOwner.get(owner) ?? 0) + change;
    if (count === 0) this.perOwner.delete(owner);
    else this.perOwner.set(owner, count);
  }
}
