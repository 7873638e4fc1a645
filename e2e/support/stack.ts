/**
 * What the browser journeys run against, in one process: a real SMTP server catching the
 * app's mail (readable by tests at the mailbox address), a real OpenID provider standing in for
 * Google, and the app itself on a fresh SQLite database. Ports come from playwright.config.ts.
 */
import http from 'node:http';
import { loadConfig } from '../../server/config.ts';
import { startServer } from '../../server/start.ts';
import { startMailCatcher } from '../../server/test/mail-catcher.ts';
import { startOidcProvider } from '../../server/test/oidc-provider.ts';

const env = process.env;
const appUrl = `http://127.0.0.1:${env.E2E_PORT}`;

const mail = await startMailCatcher();
http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailbox');
    const to = url.searchParams.get('to')?.toLowerCase();
    const mails = mail.mails.filter((m) => !to || m.to === to);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(mails));
  })
  .listen(Number(env.E2E_MAILBOX_PORT), '127.0.0.1');

const oidc = await startOidcProvider({
  port: Number(env.E2E_OIDC_PORT),
  redirectUri: `${appUrl}/api/auth/callback/google`,
});

const config = loadConfig({
  ...env,
  PORT: env.E2E_PORT,
  HOST: '127.0.0.1',
  DATA_DIR: env.E2E_DATA_DIR,
  PUBLIC_URL: appUrl,
  SMTP_URL: mail.url,
  GOOGLE_CLIENT_ID: oidc.clientId,
  GOOGLE_CLIENT_SECRET: oidc.clientSecret,
  OIDC_ISSUER: oidc.issuer,
  LOG_LEVEL: 'warn',
  // As behind a reverse proxy: each journey's browser says which client it is, so the per-client
  // limits on sign-in e-mails (kept on) count each journey apart.
  TRUST_PROXY: 'true',
});
const server = await startServer(config);
console.info(`e2e stack ready: app ${server.url}, OIDC ${oidc.issuer}`);

const stop = async () => {
  await server.close();
  await oidc.close();
  await mail.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
