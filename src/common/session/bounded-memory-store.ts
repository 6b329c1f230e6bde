import type { Request } from 'express';
import { SessionData, Store } from 'express-session';

export interface BoundedMemoryStoreOptions {
  /** Sessions kept at most; past it the least recently used one is dropped. */
  maxSessions: number;
  /** Sessions kept at most per client (see `setSessionClient`); past it that client's least recently used goes. */
  maxSessionsPerClient?: number;
  /** Lifetime of a session whose cookie has no expiry date. */
  ttlMs: number;
  now?: () => number;
}

interface Entry {
  json: string;
  expiresAt: number;
  client: string;
}

// A symbol key: JSON.stringify skips it, so it is neither stored nor seen by express-session's change detection
// (a session that only carries it is still "uninitialized" and never saved).
const CLIENT = Symbol('session client');
type Tagged = { [CLIENT]?: string };

/** Sessions saved without a tag (none made by SessionMiddleware) share this client. */
const UNKNOWN_CLIENT = '';

/**
 * Says which client `session` belongs to (its address), so the store can bound sessions per client. Called by
 * SessionMiddleware for each request's session; the store carries it over to a regenerated session.
 */
export function setSessionClient(session: SessionData, client: string): void {
  (session as Tagged)[CLIENT] = client;
}

/**
 * An in-process session store with a fixed ceiling. express-session's own MemoryStore never forgets a
 * session it is not asked for again, so any client that drops its cookie grows it forever. This one
 * expires entries with their cookie and evicts the least recently used past `maxSessions`, so its size
 * is bounded; and a client (an address) holds at most `maxSessionsPerClient`, its own oldest going first, so
 * one client making session after session cannot push everyone else's out. Many addresses still can: the total
 * is the last bound. Like any in-process store it is lost on restart and not shared between instances.
 */
export class BoundedMemoryStore extends Store {
  // A Map iterates in insertion order: re-inserting on use keeps the least recently used first.
  private readonly sessions = new Map<string, Entry>();
  // The same order per client: each client's session ids, least recently used first.
  private readonly sessionsByClient = new Map<string, Set<string>>();
  private readonly now: () => number;
  private readonly maxSessionsPerClient: number;

  constructor(private readonly options: BoundedMemoryStoreOptions) {
    super();
    if (!(options.maxSessions >= 1)) throw new RangeError('maxSessions must be at least 1');
    this.maxSessionsPerClient = options.maxSessionsPerClient ?? options.maxSessions;
    if (!(this.maxSessionsPerClient >= 1)) throw new RangeError('maxSessionsPerClient must be at least 1');
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.sessions.size;
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    const entry = this.sessions.get(sid);
    if (!entry || entry.expiresAt <= this.now()) {
      this.forget(sid);
      return callback(null, null);
    }
    this.remember(sid, entry);
    callback(null, JSON.parse(entry.json) as SessionData);
  }

  override set(sid: string, session: SessionData, callback?: (err?: unknown) => void): void {
    // Untagged (a session reloaded by hand): it stays with the client it had.
    const client = (session as Tagged)[CLIENT] ?? this.sessions.get(sid)?.client ?? UNKNOWN_CLIENT;
    this.remember(sid, { json: JSON.stringify(session), expiresAt: this.expiryOf(session), client });
    callback?.();
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.forget(sid);
    callback?.();
  }

  override touch(sid: string, session: SessionData, callback?: () => void): void {
    const entry = this.sessions.get(sid);
    if (entry) this.remember(sid, { ...entry, expiresAt: this.expiryOf(session) });
    callback?.();
  }

  // express-session makes the new session object itself: give it the old one's client.
  override regenerate(request: Request, callback: (err?: unknown) => unknown): void {
    const client = (request.session as Tagged | undefined)?.[CLIENT];
    super.regenerate(request, (error?: unknown) => {
      if (client !== undefined && request.session) setSessionClient(request.session, client);
      callback(error);
    });
  }

  private remember(sid: string, entry: Entry): void {
    this.forget(sid);
    this.sessions.set(sid, entry);
    const ofClient = this.sessionsByClient.get(entry.client) ?? new Set<string>();
    this.sessionsByClient.set(entry.client, ofClient.add(sid));

    for (const oldest of ofClient) {
      if (ofClient.size <= this.maxSessionsPerClient) break;
      this.forget(oldest);
    }
    for (const oldest of this.sessions.keys()) {
      if (this.sessions.size <= this.options.maxSessions) break;
      this.forget(oldest);
    }
  }

  private forget(sid: string): void {
    const entry = this.sessions.get(sid);
    if (!entry) return;
    this.sessions.delete(sid);
    const ofClient = this.sessionsByClient.get(entry.client);
    ofClient?.delete(sid);
    if (ofClient?.size === 0) this.sessionsByClient.delete(entry.client);
  }

  private expiryOf(session: SessionData): number {
    const expires = session.cookie?.expires;
    return expires ? new Date(expires).getTime() : this.now() + this.options.ttlMs;
  }
}
