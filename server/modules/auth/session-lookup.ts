import type { IncomingHttpHeaders } from 'node:http';
import { fromNodeHeaders } from 'better-auth/node';
import { LRUCache } from 'lru-cache';
import { type Auth, SESSION_REFRESH_SECONDS, SESSION_SECONDS } from './auth.ts';
import {
  sentOnce,
  sessionCookieName,
  sessionCookieOf,
  signedCookieCarries,
} from './better-auth-internals.ts';

/** A cookie better-auth verified before, and the session token it carries. */
export interface RememberedCookie {
  cookie: string;
  token: string;
}

/** How the lookup reads a session's row, and which rows it may answer from memory. */
export interface SessionRows<Row extends { session: SessionTimes | undefined }> {
  /** The row of this session token (with whatever its reader needs beside it). */
  read(token: string): Promise<Row>;
  /** Whether a row may answer later requests from memory until a change is told. */
  keeps(row: Row): boolean;
}

/** What a session's row says of the session itself: absent when it is gone. */
export interface SessionTimes {
  userId: string;
  expiresAt: Date | string;
}

/** Whose session a request carries, and its row when the lookup read or remembered it. */
export interface FoundSession<Row> {
  authUserId: string;
  /** The session's row, for the request alone; absent when better-auth answered instead. */
  row?: Row;
}

/**
 * Whose session a request's cookie carries. better-auth's `getSession` verifies the cookie's
 * signature and reads the session on every call, and on the feed that machinery costs more than
 * the feed's own query. A signed cookie always carries the same token, so once
 * better-auth has verified a cookie this remembers which token it holds; later requests with
 * that cookie need only the session row (read by the `SessionRows` it was made with, the person
 * asking and the access rules beside it), so a signed-out, revoked or expired session is refused
 * at once, as better-auth would. better-auth still answers everything else: unknown cookies, and
 * a session due to be extended (once a day) or past its end.
 *
 * A session's row is remembered too, for a member, so that a known session costs the request
 * no round trip: every process forgets every remembered row when it hears of a change to
 * sessions, people or the access rules (plugins/auth.ts), and rows are read again after
 * KNOWN_MS whatever happens.
 */
export class SessionLookup<Row extends { session: SessionTimes | undefined }> {
  /** Verified cookie value → the session token it carries. */
  private readonly tokens: LRUCache<string, string>;
  /**
   * Session token → what its row said when it was read, while no change may have touched it.
   * Its age is kept by the wall clock (KNOWN_MS), as the sessions' own times are.
   */
  private readonly known: LRUCache<string, { row: Row; readAt: number }>;
  /** Counts forgettings: a row read before one is not remembered after it. */
  private generation = 0;

  private constructor(
    private readonly auth: Auth,
    private readonly rows: SessionRows<Row>,
    private readonly cookieName: string,
    capacity: number,
  ) {
    this.tokens = new LRUCache({ max: capacity });
    this.known = new LRUCache({ max: capacity });
  }

  static async create<Row extends { session: SessionTimes | undefined }>(
    auth: Auth,
    rows: SessionRows<Row>,
    capacity = 10_000,
  ) {
    return new SessionLookup(auth, rows, await sessionCookieName(auth), capacity);
  }

  /**
   * Whose session a request carries, or null when none. A cookie verified before is answered
   * from its session's row (remembered, or read) while the session holds; any other cookie, or
   * one whose session ended or is due to be extended, by better-auth.
   */
  async find(headers: IncomingHttpHeaders): Promise<FoundSession<Row> | null> {
    const remembered = this.remembered(headers);
    if (remembered) {
      const known = this.knownRow(remembered.token);
      const generation = this.generation;
      const row = known ?? (await this.rows.read(remembered.token));
      if (row.session && this.holds(row.session)) {
        this.keep(remembered);
        if (known === undefined && this.rows.keeps(row))
          this.learn(remembered.token, row, generation);
        return { authUserId: row.session.userId, row };
      }
      this.forget(remembered);
    }
    const authUserId = await this.verify(headers);
    return authUserId === null ? null : { authUserId };
  }

  /**
   * How long a remembered session row answers without the database. Every change this server
   * makes to sessions, people or the access rules forgets them at once (on every process, through
   * the event bus); this bounds what a change made outside the server (the command line, a
   * restored backup) may take to be seen.
   */
  static readonly KNOWN_MS = 15_000;

  /** The row read for this session token while no change since may have touched it. */
  knownRow(token: string): Row | undefined {
    const entry = this.known.get(token);
    if (entry === undefined) return undefined;
    if (Date.now() - entry.readAt >= SessionLookup.KNOWN_MS) {
      this.known.delete(token);
      return undefined;
    }
    return entry.row;
  }

  /** Where forgetting stands: taken before a read, so a row read before a change is dropped. */
  currentGeneration(): number {
    return this.generation;
  }

  /** Remembers a session's row, unless something was forgotten since it was read. */
  learn(token: string, row: Row, readInGeneration: number) {
    if (readInGeneration !== this.generation) return;
    this.known.set(token, { row, readAt: Date.now() });
  }

  /** A session, person or access rule changed somewhere: every session row is read again. */
  forgetRows() {
    this.generation += 1;
    this.known.clear();
  }

  /** The request's session cookie if better-auth verified it before, with its token. */
  remembered(headers: IncomingHttpHeaders): RememberedCookie | null {
    const cookie = sessionCookieOf(headers, this.cookieName);
    const token = cookie === undefined ? undefined : this.tokens.get(cookie);
    return cookie === undefined || token === undefined ? null : { cookie, token };
  }

  /**
   * Whether a remembered cookie's session, as read from its row, holds without better-auth:
   * not ended and not yet due to be extended. better-auth extends a session once less than
   * SESSION_SECONDS - SESSION_REFRESH_SECONDS of it remain (which also comes before its end).
   */
  private holds(session: SessionTimes): boolean {
    const extendFrom =
      new Date(session.expiresAt).getTime() - (SESSION_SECONDS - SESSION_REFRESH_SECONDS) * 1000;
    return Date.now() < extendFrom;
  }

  /** A remembered cookie whose session held: kept as the most recently used. */
  private keep({ cookie, token }: RememberedCookie) {
    this.tokens.set(cookie, token);
  }

  /** A remembered cookie whose session did not hold: better-auth answers it from now on. */
  private forget({ cookie, token }: RememberedCookie) {
    this.tokens.delete(cookie);
    this.known.delete(token);
  }

  /**
   * The better-auth user id of the request's session, or null when it has none, as better-auth
   * answers it (verifying the signature, ending or extending the session); the cookie is
   * remembered when it is safe to.
   */
  private async verify(headers: IncomingHttpHeaders): Promise<string | null> {
    const cookie = sessionCookieOf(headers, this.cookieName);
    if (cookie === undefined) return null;
    const session = await this.auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!session) return null;
    // Remember only a cookie sent once that carries the session's own token.
    const { token } = session.session;
    if (sentOnce(headers, this.cookieName) && signedCookieCarries(cookie, token)) {
      this.keep({ cookie, token });
    }
    return session.user.id;
  }
}
