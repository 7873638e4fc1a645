import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { cli } from '#shared/locales/vi/cli';
import { fillPlaceholders } from '#shared/text';
import type { Config } from '../../config.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The sender's name shown to the reader (the academy's), before MAIL_FROM's address. */
  fromName?: string;
}

declare const charged: unique symbol;

/**
 * One mail's place in the mail budget, for one address: made only by `chargeMail`
 * (accounts.service.ts) once the budget allowed it, and spent by the one mail it pays for.
 */
export interface MailCharge {
  readonly email: string;
  spent: boolean;
  readonly [charged]: true;
}

/** Makes a charge; only the budget (`chargeMail`) calls this, after counting the mail. */
export function issueMailCharge(email: string): MailCharge {
  return { email: email.toLowerCase(), spent: false } as MailCharge;
}

const chargeInScope = new AsyncLocalStorage<MailCharge>();

/**
 * Runs `work` with the charge in scope, for mail that a library sends from a callback of its
 * own (better-auth's sign-in link, password reset and e-mail change confirmation).
 */
export function withMailCharge<T>(charge: MailCharge, work: () => Promise<T>): Promise<T> {
  return chargeInScope.run(charge, work);
}

/** A mail that reached the mailer without a charge of the budget for its address. */
export class UnchargedMailError extends Error {
  constructor(to: string) {
    super(`a mail to ${to} was not charged to the mail budget; it was not sent`);
    this.name = 'UnchargedMailError';
  }
}

/**
 * The one door every mail leaves by: it sends a mail only against an unspent charge for its
 * address (given, or in scope), so no path can mail past the per-address, per-client and
 * per-person limits.
 */
export interface Mailer {
  send(mail: Mail, charge?: MailCharge): Promise<void>;
}

function spend(mail: Mail, given: MailCharge | undefined): void {
  const charge = given ?? chargeInScope.getStore();
  if (!charge || charge.spent || charge.email !== mail.to.toLowerCase()) {
    throw new UnchargedMailError(mail.to);
  }
  charge.spent = true;
}

/**
 * Sends mail through SMTP_URL. Without SMTP the mail's text is printed as plain lines on the
 * server's output, its link on a line of its own that a terminal makes clickable, so a newcomer
 * on a fresh machine can still sign in; the log says a mail was not sent, without its link.
 */
export function createMailer(
  config: Config,
  log: FastifyBaseLogger,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(mail, charge) {
        spend(mail, charge);
        log.info({ to: mail.to, subject: mail.subject }, 'e-mail not sent: no SMTP_URL configured');
        print(
          `\n──── E-mail not sent (no SMTP_URL configured) ────\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n──────────────────────────────────────────────────\n\n`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail, charge) {
      spend(mail, charge);
      const { fromName, ...message } = mail;
      await transport.sendMail({ from: sender(config.mailFrom, fromName), ...message });
    },
  };
}

/**
 * MAIL_FROM under the academy's name: `Học viện <no-reply@…>` becomes `<name> <no-reply@…>`, the
 * address the operator set kept as it is (its domain is the one the mail server may send for).
 */
export function sender(
  mailFrom: string,
  name: string | undefined,
): string | { name: string; address: string } {
  if (!name) return mailFrom;
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { name, address };
}

/**
 * Why the mail server could not be used, in words an operator can act on: the common mistakes
 * (TLS asked of a plain port, a wrong host or port, a refused password) instead of a socket's or
 * OpenSSL's own message.
 */
export function smtpProblem(error: unknown, smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const values = {
    host: url.hostname,
    port: url.port || (secure ? '465' : '587'),
    reason: error instanceof Error ? error.message : String(error),
  };
  const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
  const said = values.reason;
  if (
    secure &&
    /wrong version number|packet length too long|ssl3_get_record|unknown protocol/i.test(said)
  )
    return fillPlaceholders(cli.doctor.smtp.tlsOnPlainPort, values);
  if (code === 'EAUTH' || responseCode === 535)
    return fillPlaceholders(cli.doctor.smtp.auth, values);
  if (/ECONNREFUSED/.test(said) || code === 'ECONNREFUSED')
    return fillPlaceholders(cli.doctor.smtp.refused, values);
  if (/ENOTFOUND|EAI_AGAIN/.test(said)) return fillPlaceholders(cli.doctor.smtp.notFound, values);
  if (code === 'ETIMEDOUT' || /timeout/i.test(said))
    return fillPlaceholders(cli.doctor.smtp.timeout, values);
  if (/certificate|self[- ]signed|altnames/i.test(said))
    return fillPlaceholders(cli.doctor.smtp.certificate, values);
  return fillPlaceholders(cli.doctor.smtp.other, values);
}
