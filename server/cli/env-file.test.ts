import { describe, expect, it } from 'vitest';
import { EnvFileError, parseEnvironmentFile } from './env-file.ts';

describe('the settings file, read as systemd reads it', () => {
  it('keeps spaces, "<", "#" and Vietnamese in a value as written', () => {
    const file = [
      '# Học viện',
      '; a comment too',
      '',
      'MAIL_FROM=Học viện <no-reply@academy.example.vn>',
      'SMTP_URL=smtps://gv:m#t@khau@mail.example.vn:465',
      '  PUBLIC_URL = https://academy.example.vn  ',
    ].join('\n');
    expect(parseEnvironmentFile(file)).toEqual({
      MAIL_FROM: 'Học viện <no-reply@academy.example.vn>',
      SMTP_URL: 'smtps://gv:m#t@khau@mail.example.vn:465',
      PUBLIC_URL: 'https://academy.example.vn',
    });
  });

  it('takes quotes off, with the escapes of double quotes', () => {
    const file = [
      `MAIL_FROM="Trung tâm \\"Móng Đẹp\\" <a@b.vn>"`,
      `NOTE='không $thay \\ đổi'`,
      'EMPTY=',
      'LONG=một \\',
      'hai',
    ].join('\r\n');
    expect(parseEnvironmentFile(file)).toEqual({
      MAIL_FROM: 'Trung tâm "Móng Đẹp" <a@b.vn>',
      NOTE: 'không $thay \\ đổi',
      EMPTY: '',
      LONG: 'một hai',
    });
  });

  it('names the line it cannot read', () => {
    expect(() => parseEnvironmentFile('A=1\nkhông có dấu bằng\n')).toThrow(EnvFileError);
    try {
      parseEnvironmentFile('A=1\n\n1BAD=x');
    } catch (error) {
      expect((error as EnvFileError).line).toBe(3);
    }
  });
});
