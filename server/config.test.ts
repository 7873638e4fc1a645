import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({
      kind: 'sqlite',
      file: path.join(path.resolve('./data'), 'academy.sqlite'),
    });
    expect(config.google).toBeUndefined();
    expect(config.trustProxy).toBe(false);
  });

  it('chooses PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@localhost:5432/academy' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@localhost:5432/academy',
    });
  });

  it('reads TRUST_PROXY as hops or the proxies\' addresses, never "trust everything"', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toBe(
      '127.0.0.1,10.0.0.0/8',
    );
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('sqlite');
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT="abc": expected a port number/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT="70000": expected a port number/],
    [{ DATABASE_URL: 'mysql://x@y/z' }, /^Invalid configuration: DATABASE_URL=.*postgres:\/\//],
    [{ DATABASE_URL: 'not a url' }, /^Invalid configuration: DATABASE_URL=.*expected a URL/],
    [{ PUBLIC_URL: 'ftp://x' }, /^Invalid configuration: PUBLIC_URL=.*http:\/\//],
    [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL=.*smtp:\/\//],
    [{ TRUST_PROXY: 'yes' }, /^Invalid configuration: TRUST_PROXY="yes": expected false, true/],
    [{ TRUST_PROXY: '0' }, /^Invalid configuration: TRUST_PROXY="0": expected false, true/],
    [{ GOOGLE_CLIENT_ID: 'id' }, /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together/],
    [{ MEDIA_STORE: 'ftp' }, /^Invalid configuration: MEDIA_STORE="ftp": expected local/],
    [
      { MEDIA_STORE: 's3', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' },
      /S3_BUCKET must be set when MEDIA_STORE=s3/,
    ],
    [{ S3_BUCKET: 'Ảnh' }, /^Invalid configuration: S3_BUCKET="Ảnh": expected a bucket name/],
    [{ S3_FORCE_PATH_STYLE: 'yes' }, /^Invalid configuration: S3_FORCE_PATH_STYLE="yes"/],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('keeps photos in DATA_DIR/media unless MEDIA_STORE=s3 names a bucket', () => {
    expect(loadConfig({ DATA_DIR: '/srv/hv' }).media).toEqual({
      kind: 'local',
      dir: '/srv/hv/media',
    });
    const s3 = {
      MEDIA_STORE: 's3',
      S3_BUCKET: 'hoc-vien',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    // AWS itself: no endpoint, the bucket in the host name.
    expect(loadConfig(s3).media).toEqual({
      kind: 's3',
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'hoc-vien',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    // A self-hosted server: the bucket in the path unless told otherwise.
    const own = { ...s3, S3_ENDPOINT: 'https://s3.academy.vn', S3_REGION: 'garage' };
    expect(loadConfig(own).media).toMatchObject({ region: 'garage', forcePathStyle: true });
    expect(loadConfig({ ...own, S3_FORCE_PATH_STYLE: 'false' }).media).toMatchObject({
      forcePathStyle: false,
    });
  });

  it('strips a trailing slash from PUBLIC_URL and enables Google when both secrets are set', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://academy.example.vn/',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config.publicUrl).toBe('https://academy.example.vn');
    expect(config.google).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      issuer: 'https://accounts.google.com',
    });
  });

  it('serves the web app built beside the server unless WEB_ROOT names another build', () => {
    expect(loadConfig({}).webRoot).toBe(path.resolve(import.meta.dirname, '../dist/web'));
    expect(loadConfig({ WEB_ROOT: 'releases/2026-11-22' }).webRoot).toBe(
      path.resolve('releases/2026-11-22'),
    );
  });
});
