import { SMTPServer } from 'smtp-server';
import { freePort } from '../../support/provision.ts';

export interface CaughtMail {
  to: string;
  /** The From header, decoded (a name with the address). */
  from: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on a free local port that keeps every message it receives. */
export interface MailCatcher {
  url: string;
  mails: CaughtMail[];
  /** Waits for the next mail to this address and returns it. */
  next(to: string, timeoutMs?: number): Promise<CaughtMail>;
  /** The first link in a mail's text that starts with `prefix`. */
  linkIn(mail: CaughtMail, prefix: string): string;
  close(): Promise<void>;
}

/** Quoted-printable text (as nodemailer writes non-ASCII bodies) back to UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`)
    .replace(/%(?![0-9A-F]{2})/g, '%25');
  try {
    return decodeURIComponent(bytes);
  } catch {
    return text;
  }
}

/** RFC 2047 encoded words in a header (=?UTF-8?Q?…?= or =?UTF-8?B?…?=). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, mode: string, data: string) =>
      mode.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The parts of a raw message this test helper needs: recipient, subject, text and HTML. */
function parseMail(raw: string): CaughtMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) =>
    unfolded.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1] ?? '';
  const body = decodeQuotedPrintable(rest.join('\n\n'));
  const htmlStart = body.search(/<!doctype html>/i);
  return {
    to: (header('To').match(/<?([^<>\s]+@[^<>\s]+)>?/)?.[1] ?? '').toLowerCase(),
    from: decodeHeader(header('From')),
    subject: decodeHeader(header('Subject')),
    text: htmlStart >= 0 ? body.slice(0, htmlStart) : body,
    html: htmlStart >= 0 ? body.slice(htmlStart) : '',
  };
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const mails: CaughtMail[] = [];
  const waiters: Array<{ to: string; resolve: (mail: CaughtMail) => void }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'));
        mails.push(mail);
        for (const waiter of waiters.filter((w) => w.to === mail.to)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(mail);
        }
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    next(to, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          to: to.toLowerCase(),
          resolve: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    linkIn(mail, prefix) {
      const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
      if (!link) throw new Error(`no link starting with ${prefix} in: ${mail.text}`);
      return link;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
