import type { IncomingHttpHeaders } from 'node:http';
import { parseCookies } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { type Auth, SESSION_REFRESH_SECONDS, SESSION_SECONDS } from './auth.ts';

// Read on every request: built once (db/prepared.ts).
const sessionByToken = preparedQuery((db, { token }: { token: string }) =>
  db.selectFrom('session').select(['userId', 'expiresAt']).where('token', '=', token),
);

/**
 * Whose session a request's cookie carries. better-auth's `getSession` verifies the cookie's
 * signature and reads the session on every call, and on the feed that machinery cost more than
 * the feed's own query (bench/README.md). A signed cookie always carries the same token, so once
 * better-auth has verified a cookie this remembers which token it holds; later requests with
 * that cookie read only the session row, so a signed-out, revoked or expired session is refused
 * at once, exactly as before. better-auth still answers everything else: unknown cookies, and a
 * session due to be extended (once a day) or past its end.
 */
export class SessionLookup {
  /** Verified cookie value → the session token it carries, least recently used first. */
  private readonly tokens = new Map<string, string>();

  private constructor(
    private readonly auth: Auth,
    private readonly db: Kysely<Database>,
    private readonly cookieName: string,
    private readonly capacity: number,
  ) {}

  static async create(auth: Auth, db: Kysely<Database>, capacity = 10_000) {
    const context = await auth.$context;
    return new SessionLookup(auth, db, context.authCookies.sessionToken.name, capacity);
  }

  /** The better-auth user id of the request's session, or null when it has none. */
  async authUserId(headers: IncomingHttpHeaders): Promise<string | null> {
    const cookie = headers.cookie ? parseCookies(headers.cookie).get(this.cookieName) : undefined;
    if (!cookie) return null;
    const token = this.tokens.get(cookie);
    if (token !== undefined) {
      const userId = await this.currentUser(token);
      if (userId) {
        this.remember(cookie, token);
        return userId;
      }
      this.tokens.delete(cookie);
    }
    const session = await this.auth.api.getSession({ headers: fromNodeHeaders(headers) });
    if (!session) return null;
    // better-call signs a cookie as "<token>.<signature>". Remember only a cookie sent once
    // (of two under the same name, the one better-auth verified may be the other) that
    // carries the session's own token.
    const sentOnce =
      headers.cookie!.split(';').filter((pair) => pair.trim().startsWith(`${this.cookieName}=`))
        .length === 1;
    if (sentOnce && cookie.startsWith(`${session.session.token}.`)) {
      this.remember(cookie, session.session.token);
    }
    return session.user.id;
  }

  /** The session's user while it lasts and is not yet due to be extended. */
  private async currentUser(token: string): Promise<string | null> {
    const [row] = await sessionByToken(this.db, { token });
    if (!row) return null;
    // better-auth extends a session once less than SESSION_SECONDS - SESSION_REFRESH_SECONDS
    // of it remain (which also comes before its end).
    const extendFrom =
      new Date(row.expiresAt).getTime() - (SESSION_SECONDS - SESSION_REFRESH_SECONDS) * 1000;
    return Date.now() < extendFrom ? row.userId : null;
  }

  private remember(cookie: string, token: string) {
    this.tokens.delete(cookie);
    if (this.tokens.size >= this.capacity) this.tokens.delete(this.tokens.keys().next().value!);
    this.tokens.set(cookie, token);
  }
}
