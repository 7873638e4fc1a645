/**
 * What the browser journeys run against, in one process: a real SMTP server catching the
 * app's mail (readable by tests at the mailbox address), a real OpenID provider standing in for
 * Google, and the app itself on a fresh SQLite database. Ports come from playwright.config.ts.
 */
import http from 'node:http';
import { loadConfig } from '../../server/config.ts';
import { startServer } from '../../server/start.ts';
import { seedTestClass } from '../../server/test/factories/courses.ts';
import { startMailCatcher } from '../../server/test/mail-catcher.ts';
import { startOidcProvider } from '../../server/test/oidc-provider.ts';

const env = process.env;
const appUrl = `http://127.0.0.1:${env.E2E_PORT}`;

const mail = await startMailCatcher();

/**
 * A stand-in for Cloudinary's unsigned upload API: POST /cloudinary/v1_1/:cloud/image/upload
 * with multipart fields `file` and `upload_preset` ("hv_unsigned" is the one that exists),
 * answering like Cloudinary.
 */
function cloudinaryStandIn(request: http.IncomingMessage, response: http.ServerResponse, url: URL) {
  const upload = url.pathname.match(/^\/cloudinary\/v1_1\/([\w-]+)\/image\/upload$/);
  if (upload && request.method === 'POST') {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const text = body.toString('latin1');
      const preset = text.match(/name="upload_preset"\r\n\r\n([^\r]*)/)?.[1];
      const fileStart = text.indexOf('\r\n\r\n', text.indexOf('name="file"')) + 4;
      const boundary = text.slice(0, text.indexOf('\r\n'));
      const fileEnd = text.indexOf(`\r\n${boundary}`, fileStart);
      response.setHeader('content-type', 'application/json');
      response.setHeader('access-control-allow-origin', '*');
      if (preset !== 'hv_unsigned') {
        response.statusCode = 400;
        response.end(JSON.stringify({ error: { message: 'Upload preset not found' } }));
        return;
      }
      const id = `avatars/${Date.now()}`;
      response.end(
        JSON.stringify({
          public_id: id,
          secure_url: `https://res.cloudinary.com/${upload[1]}/image/upload/v1/${id}.jpg`,
          width: 1600,
          height: 1200,
          bytes: fileEnd - fileStart,
          format: 'jpg',
        }),
      );
    });
    return true;
  }
  return false;
}

/**
 * Data that journeys need but whose screens belong to later capabilities (students' progress,
 * evaluations, approving instructors), written straight into the app's database:
 * - POST /fixtures/class?course=<id>&author=<email>: a class of five students with progress and
 *   rated evaluations by that instructor (server/test/factories/courses.ts);
 * - POST /fixtures/activate?email=<email>: the person with that e-mail becomes active.
 */
async function fixtures(url: URL): Promise<unknown> {
  const { db } = server.database;
  const personByEmail = (email: string | null) =>
    db
      .selectFrom('people')
      .select('id')
      .where('email', '=', (email ?? '').toLowerCase())
      .executeTakeFirstOrThrow();
  if (url.pathname === '/fixtures/class') {
    const author = await personByEmail(url.searchParams.get('author'));
    return seedTestClass(db, {
      courseId: url.searchParams.get('course') ?? '',
      authorId: author.id,
      studentCount: 5,
      names: ['Nguyễn Thị Hoa', 'Trần Văn Bình', 'Lê Thị Cúc', 'Phạm Minh Đức', 'Võ Thị Hằng'],
    });
  }
  if (url.pathname === '/fixtures/activate') {
    const person = await personByEmail(url.searchParams.get('email'));
    await db.updateTable('people').set({ status: 'active' }).where('id', '=', person.id).execute();
    return { activated: person.id };
  }
  throw new Error(`no fixture at ${url.pathname}`);
}

http
  .createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailbox');
    if (url.pathname.startsWith('/cloudinary/') && cloudinaryStandIn(request, response, url))
      return;
    if (url.pathname.startsWith('/fixtures/') && request.method === 'POST') {
      response.setHeader('content-type', 'application/json');
      fixtures(url).then(
        (result) => response.end(JSON.stringify(result)),
        (error: unknown) => {
          response.statusCode = 500;
          response.end(JSON.stringify({ error: String(error) }));
        },
      );
      return;
    }
    if (url.pathname === '/smtp') {
      // For journeys that start servers of their own (e2e/support/servers.ts).
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ url: mail.url }));
      return;
    }
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
