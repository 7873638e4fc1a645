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
