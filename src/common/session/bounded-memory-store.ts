import { SessionData, Store } from 'express-session';

export interface BoundedMemoryStoreOptions {
  /** Sessions kept at most; past it the least recently used one is dropped. */
  maxSessions: number;
  /** Lifetime of a session whose cookie has no expiry date. */
  ttlMs: number;
  now?: () => number;
}

interface Entry {
  json: string;
  expiresAt: number;
}

/**
 * An in-process session store with a fixed ceiling. express-session's own MemoryStore never forgets a
 * session it is not asked for again, so any client that drops its cookie grows it forever. This one
 * expires entries with their cookie and evicts the least recently used past `maxSessions`, so its size
 * is bounded. Like any in-process store it is lost on restart and not shared between instances.
 */
export class BoundedMemoryStore extends Store {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  private readonly sessions = new Map<string, Entry>();
  private readonly now: () => number;

  constructor(private readonly options: BoundedMemoryStoreOptions) {
    super();
    if (!(options.maxSessions >= 1)) throw new RangeError('maxSessions must be at least 1');
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.sessions.size;
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    const entry = this.sessions.get(sid);
    if (!entry || entry.expiresAt <= this.now()) {
      this.sessions.delete(sid);
      return callback(null, null);
    }
    this.remember(sid, entry);
    callback(null, JSON.parse(entry.json) as SessionData);
  }

  override set(sid: string, session: SessionData, callback?: (err?: unknown) => void): void {
    this.remember(sid, { json: JSON.stringify(session), expiresAt: this.expiryOf(session) });
    callback?.();
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.sessions.delete(sid);
    callback?.();
  }

  override touch(sid: string, session: SessionData, callback?: () => void): void {
    const entry = this.sessions.get(sid);
    if (entry) this.remember(sid, { ...entry, expiresAt: this.expiryOf(session) });
    callback?.();
  }

  private remember(sid: string, entry: Entry): void {
    this.sessions.delete(sid);
    this.sessions.set(sid, entry);
    for (const oldest of this.sessions.keys()) {
      if (this.sessions.size <= this.options.maxSessions) break;
      this.sessions.delete(oldest);
    }
  }

  private expiryOf(session: SessionData): number {
    const expires = session.cookie?.expires;
    return expires ? new Date(expires).getTime() : this.now() + this.options.ttlMs;
  }
}
