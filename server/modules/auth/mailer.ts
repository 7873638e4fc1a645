import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
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
 * Sends mail through SMTP_URL. Without SMTP the mail's text (with its link) is printed to the
 * server log, so a newcomer on a fresh machine can still sign in.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  if (!config.smtpUrl) {
    return {
      async send(mail) {
        log.info(
          `\n──── E-mail not sent (no SMTP_URL configured) ────\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n──────────────────────────────────────────────────`,
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
