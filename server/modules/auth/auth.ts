import { randomBytes, randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { FastifyBaseLogger } from 'fastify';
import { limits } from '#shared/limits';
import { vi } from '#shared/locales/vi';
import type { Config } from '../../config.ts';
import { type AppDatabase, holdingSchemaLock } from '../../db/database.ts';
import { readIdentity } from '../identity/identity.service.ts';
import { getOrCreateSecret } from '../secrets/secrets.repository.ts';
import { releasingContext } from './better-auth-internals.ts';
import { CLIENT_ADDRESS_HEADER } from './client-address.ts';
import { linkEmail } from './emails.ts';
import type { Mailer } from './mailer.ts';

/**
 * A session lasts 30 days and, while used, is extended once a day (better-auth's `expiresIn` and
 * `updateAge`; the session lookup needs them too).
 */
export const SESSION_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_REFRESH_SECONDS = 60 * 60 * 24;

/** Sign-in links live 10 minutes (issue: at most 10). */
export const SIGN_IN_LINK_SECONDS = 600;

export interface AuthHooks {
  /** Called after a session is created (any sign-in method). */
  onSessionCreated(authUserId: string, method: string): Promise<void>;
  /** Called after a sign-in identity's e-mail changed (verified change). */
  onEmailChanged(authUserId: string, email: string): Promise<void>;
  /** Called after a session is deleted (a sign-out, a revoked session, a deleted account). */
  onSessionDeleted(): Promise<void>;
}

/**
 * Where links in e-mails point: PUBLIC_URL; without it (and so without SMTP: the link is only
 * printed to the log) the address the person used to reach the server.
 */
export function linkOrigin(
  config: Config,
  request: Request | undefined,
  headers?: Headers | undefined,
): string {
  if (config.publicUrl) return config.publicUrl;
  if (request) return new URL(request.url).origin;
  const host = headers?.get('host');
  return host ? `http://${host}` : `http://localhost:${config.port}`;
}

/** At most the app's name length, cut between characters (never inside a surrogate pair). */
export function boundedName(name: string): string {
  return Array.from(name.trim()).slice(0, limits.personNameMax).join('');
}

export async function createAuth(options: {
  config: Config;
  database: AppDatabase;
  mailer: Mailer;
  log: FastifyBaseLogger;
  hooks: AuthHooks;
}) {
  const { config, database, mailer, hooks } = options;
  const secret = await getOrCreateSecret(database.db, 'auth_secret', () =>
    randomBytes(32).toString('base64url'),
  );
  const https = config.publicUrl?.startsWith('https://') ?? false;

  const auth = betterAuth({
    appName: vi.app.name,
    // better-auth needs a base address also when called directly (auth.api), with no request.
    baseURL: config.publicUrl ?? `http://localhost:${config.port}`,
    basePath: '/api/auth',
    secret,
    database: { db: database.db, type: database.kind },
    trustedOrigins: (request) => [linkOrigin(config, request)],
    logger: {
      level: 'warn',
      log: (level, message) => options.log[level]({ source: 'auth' }, message),
    },
    emailAndPassword: {
      enabled: true,
      // People join by e-mail link or Google; a password is something they may set later.
      disableSignUp: true,
      minPasswordLength: 8,
      resetPasswordTokenExpiresIn: 3600,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        const origin = linkOrigin(config, request);
        const url = `${origin}/#/login?resetToken=${encodeURIComponent(token)}`;
        await mailer.send(
          linkEmail(
            await readIdentity(database),
            vi.emails.resetPassword,
            user.email,
            url,
            { name: user.name },
            origin,
          ),
        );
      },
    },
    emailVerification: {
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(
          linkEmail(
            await readIdentity(database),
            vi.emails.changeEmail,
            user.email,
            url,
            { name: user.name },
            new URL(url).origin,
          ),
        );
      },
    },
    user: { changeEmail: { enabled: true } },
    account: {
      // An outside identity joins an existing account only when its provider vouches for the
      // e-mail (better-auth checks the provider's email_verified).
      accountLinking: { enabled: true, trustedProviders: [] },
    },
    session: { expiresIn: SESSION_SECONDS, updateAge: SESSION_REFRESH_SECONDS },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 200,
      customRules: { '/sign-in/email': { window: 60, max: 10 } },
    },
    advanced: {
      useSecureCookies: https,
      database: { generateId: () => randomUUID() },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    databaseHooks: {
      session: {
        create: {
          after: async (session) => {
            await hooks.onSessionCreated(session.userId, 'session');
          },
        },
        delete: {
          after: async () => {
            await hooks.onSessionDeleted();
          },
        },
      },
      user: {
        // A name that arrives from outside (Google's profile) is held to the app's own limit, as
        // the onboarding form's is; e-mails quote it.
        create: {
          before: async (user) => ({ data: { ...user, name: boundedName(user.name) } }),
        },
        update: {
          before: async (user) =>
            typeof user.name === 'string'
              ? { data: { ...user, name: boundedName(user.name) } }
              : { data: user },
          after: async (user) => {
            await hooks.onEmailChanged(user.id, user.email);
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: SIGN_IN_LINK_SECONDS,
        storeToken: 'hashed',
        // The link points at the app's own page, which redeems it on the person's action, so a
        // mail scanner that fetches links spends nothing.
        sendMagicLink: async ({ email, token }, ctx) => {
          const origin = linkOrigin(config, ctx?.request, ctx?.headers);
          const url = `${origin}/#/finishLogin?token=${encodeURIComponent(token)}`;
          await mailer.send(
            linkEmail(await readIdentity(database), vi.emails.signIn, email, url, {}, origin),
          );
        },
      }),
      ...(config.google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: 'google',
                  discoveryUrl: `${config.google.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                  clientId: config.google.clientId,
                  clientSecret: config.google.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });

  // better-auth's tables, made or brought up to date by one server at a time: what is missing
  // is read under the lock too, after any other server has made it.
  await holdingSchemaLock(database.db, async () => {
    const { runMigrations } = await getMigrations(auth.options);
    await runMigrations();
  });
  return releasingContext(auth);
}

export type Auth = Awaited<ReturnType<typeof createAuth>>;
