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
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
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
      async send(mail) {
        log.info({ to: mail.to, subject: mail.subject }, 'e-mail not sent: no SMTP_URL configured');
        print(
          `\n──── E-mail not sent (no SMTP_URL configured) ────\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n──────────────────────────────────────────────────\n\n`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    },
  };
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
