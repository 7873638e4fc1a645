import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createMailer, issueMailCharge, UnchargedMailError, withMailCharge } from './mailer.ts';

const silent = { info() {} } as never;
const mail = { to: 'Lan@Example.vn', subject: 'Thử', text: 'Xin chào', html: '<p>Xin chào</p>' };

function printingMailer() {
  const printed: string[] = [];
  const config = loadConfig({ DATA_DIR: '/tmp/hv-mailer-test' });
  return { printed, mailer: createMailer(config, silent, (text) => void printed.push(text)) };
}

describe('the one door every mail leaves by', () => {
  it('sends nothing without a charge of the mail budget', async () => {
    const { printed, mailer } = printingMailer();
    await expect(mailer.send(mail)).rejects.toBeInstanceOf(UnchargedMailError);
    expect(printed).toEqual([]);
  });

  it('sends one mail per charge, to the address charged', async () => {
    const { printed, mailer } = printingMailer();
    const charge = issueMailCharge('lan@example.vn');
    await expect(mailer.send({ ...mail, to: 'other@example.vn' }, charge)).rejects.toBeInstanceOf(
      UnchargedMailError,
    );
    await mailer.send(mail, charge);
    await expect(mailer.send(mail, charge)).rejects.toBeInstanceOf(UnchargedMailError);
    expect(printed).toHaveLength(1);
  });

  it('takes the charge in scope for mail a library sends from its own callback', async () => {
    const { printed, mailer } = printingMailer();
    await withMailCharge(issueMailCharge('lan@example.vn'), () => mailer.send(mail));
    expect(printed).toHaveLength(1);
    await expect(mailer.send(mail)).rejects.toBeInstanceOf(UnchargedMailError);
  });
});

/** Every server source file, tests and their helpers left out. */
function serverSources(dir = path.resolve(import.meta.dirname, '../..')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : serverSources(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

describe('no mail goes around the budget', () => {
  const sources = serverSources().map((file) => ({
    file: path.relative(path.resolve(import.meta.dirname, '../..'), file),
    text: fs.readFileSync(file, 'utf8'),
  }));

  it('reads over 100 server files', () => {
    expect(sources.length).toBeGreaterThan(100);
  });

  it('hands mail to SMTP in one place only, mailer.ts', () => {
    expect(sources.filter((s) => /\.sendMail\(/.test(s.text)).map((s) => s.file)).toEqual([
      'modules/auth/mailer.ts',
    ]);
    // doctor.ts checks the SMTP server (verify) and sends nothing.
    expect(
      sources
        .filter((s) => /from 'nodemailer'/.test(s.text))
        .map((s) => s.file)
        .sort(),
    ).toEqual(['cli/doctor.ts', 'modules/auth/mailer.ts']);
  });

  it('issues charges only from the budget', () => {
    const issuing = sources.filter((s) => /issueMailCharge\(/.test(s.text)).map((s) => s.file);
    expect(issuing.sort()).toEqual([
      'modules/accounts/accounts.service.ts',
      'modules/auth/mailer.ts',
    ]);
  });

  it('charges in every file that sends a mail, before it sends', () => {
    const sending = sources.filter(
      (s) => /mailer\s*\.send\(/.test(s.text) && s.file !== 'modules/auth/mailer.ts',
    );
    expect(sending.length).toBeGreaterThanOrEqual(2);
    for (const source of sending) {
      // A sender either charges itself or runs inside a charge given by its caller (better-auth's
      // callbacks in auth.ts, whose callers charge and scope it in sign-in.service and plugins/auth).
      const charges = /chargeMail\(/.test(source.text) || source.file === 'modules/auth/auth.ts';
      expect(charges, source.file).toBe(true);
    }
    const scoping = sources.filter((s) => /withMailCharge\(/.test(s.text)).map((s) => s.file);
    expect(scoping.sort()).toEqual(['modules/accounts/sign-in.service.ts', 'plugins/auth.ts']);
  });
});
