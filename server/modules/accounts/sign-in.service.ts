import type { FastifyRequest } from 'fastify';
import type { RedeemSignInLink } from '#shared/schemas/accounts';
import { AppError } from '../../lib/app-error.ts';
import { magicLinkEmail, magicLinkIdentifier } from '../auth/better-auth-internals.ts';
import { authHeaders } from '../auth/client-address.ts';
import { withMailCharge } from '../auth/mailer.ts';
import { findVerification } from './accounts.repository.ts';
import { chargeMail } from './accounts.service.ts';

/**
 * Sends a sign-in link. The answer is the same whether or not the address has an account;
 * only the rate limits (per address and per client) can refuse.
 */
export async function sendSignInLink(request: FastifyRequest, email: string): Promise<void> {
  const charge = await chargeMail(request.server.database, { email, clientAddress: request.ip });
  await withMailCharge(charge, () =>
    request.server.auth.api.signInMagicLink({ body: { email }, headers: authHeaders(request) }),
  );
}

/**
 * Redeems a sign-in link on the person's action in the page: the e-mail typed (or remembered
 * by this browser) must be the one the link was sent to; better-auth then consumes the token
 * atomically, so of many parallel redemptions exactly one gets a session. Returns its cookies.
 */
export async function redeemSignInLink(
  request: FastifyRequest,
  input: RedeemSignInLink,
): Promise<string[]> {
  const row = await findVerification(request.server.database.db, magicLinkIdentifier(input.token));
  if (!row || new Date(row.expiresAt).getTime() <= Date.now()) {
    throw new AppError('invalid_link', 400);
  }
  const linkEmail = magicLinkEmail(row.value);
  if (linkEmail === undefined) throw new AppError('invalid_link', 400);
  if (linkEmail !== input.email) throw new AppError('email_mismatch', 400);

  const response = await request.server.auth.api.magicLinkVerify({
    query: { token: input.token },
    headers: authHeaders(request),
    asResponse: true,
  });
  const cookies = response.headers.getSetCookie();
  if (response.status !== 200 || cookies.length === 0) throw new AppError('invalid_link', 400);
  return cookies;
}

/** Sends a password-reset e-mail; the same answer whether or not the address has an account. */
export async function sendPasswordReset(request: FastifyRequest, email: string): Promise<void> {
  const charge = await chargeMail(request.server.database, { email, clientAddress: request.ip });
  await withMailCharge(charge, () =>
    request.server.auth.api.requestPasswordReset({
      body: { email, redirectTo: '/#/login' },
      headers: authHeaders(request),
    }),
  );
}
