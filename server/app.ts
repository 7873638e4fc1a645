import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { limits } from '#shared/limits';
import { livePositionHeader } from '#shared/schemas/events';
import type { Config } from './config.ts';
import type { AppDatabase } from './db/database.ts';
import type { CataloguedRoute } from './fastify.d.ts';
import { AppError } from './lib/app-error.ts';
import { isApiRequest, requestPath } from './lib/request-path.ts';
import { responseSerializerCompiler } from './lib/response-serializer.ts';
import { StorageWatch } from './lib/storage-watch.ts';
import { registerAudiences } from './modules/accounts/access.ts';
import { accountRoutes } from './modules/accounts/accounts.routes.ts';
import { adminToolsRoutes } from './modules/admin/admin-tools.routes.ts';
import { peopleAdminRoutes } from './modules/admin/people.routes.ts';
import {
  certificatePageRoutes,
  certificateRoutes,
} from './modules/certificates/certificates.routes.ts';
import { clientErrorRoutes } from './modules/client-errors/client-errors.routes.ts';
import { configRoutes } from './modules/config/config.routes.ts';
import { courseRoutes } from './modules/courses/courses.routes.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { LiveHub, type LiveHubOptions } from './modules/events/live-hub.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { identityRoutes, logoFileRoutes } from './modules/identity/identity.routes.ts';
import { instructorRoutes } from './modules/instructors/instructors.routes.ts';
import { createMediaStore } from './modules/media/create-media-store.ts';
import { mediaFileRoutes, uploadRoutes } from './modules/media/media.routes.ts';
import type { MediaStore } from './modules/media/media.store.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { postRoutes } from './modules/posts/posts.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { PushSender, type PushSenderOptions } from './modules/push/push.service.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { sharePageRoutes, showcaseRoutes } from './modules/showcase/showcase.routes.ts';
import { studentImportRoutes } from './modules/student-imports/student-imports.routes.ts';
import { studentRoutes } from './modules/students/students.routes.ts';
import { registerActingPersonGuard } from './plugins/acting-person.ts';
import { registerAuth } from './plugins/auth.ts';
import { type BodyPace, registerBodyPace } from './plugins/body-pace.ts';
import { registerCrossSiteGuard } from './plugins/cross-site.ts';
import { registerApiDocs } from './plugins/docs.ts';
import { answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerMetrics } from './plugins/metrics.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';

export interface BuildAppOptions {
  config: Config;
  database: AppDatabase;
  version: string;
  /** Folder of the built web app; omitted in API tests. */
  webRoot?: string;
  /** Pino options; tests pass `false` to keep output quiet. */
  logger?: boolean | object;
  /** Where the app's own logger writes instead of stdout (tests that read the log lines). */
  logStream?: { write(line: string): void };
  /** Heartbeat and replay settings of the event streams; tests shorten them. */
  live?: LiveHubOptions;
  push?: PushSenderOptions;
  /** How fast request bodies must arrive; tests shorten it. */
  bodyPace?: BodyPace;
  /** The photo store; by default the one the configuration names. */
  mediaStore?: MediaStore;
}

/**
 * An address as the log shows it: the query's values hidden. Links carry tokens there
 * (e-mail verification, Google's `code`), and searches carry people's names.
 */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt === -1) return url;
  const keys = [...new URLSearchParams(url.slice(queryAt + 1)).keys()];
  return `${url.slice(0, queryAt)}?${keys.map((key) => `${encodeURIComponent(key)}=…`).join('&')}`;
}

/** The log: the configured level, with credentials hidden wherever a request carries them. */
function loggerOptions(config: Config, stream?: { write(line: string): void }) {
  return {
    level: config.logLevel,
    serializers: {
      req: (request: { method: string; url: string; host?: string; ip?: string }) => ({
        method: request.method,
        url: loggedUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
      }),
    },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        '*.token',
        '*.password',
      ],
      censor: '[hidden]',
    },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One line per request, written when it is answered, with the address, the status and the time
 * together. Fastify's default also writes an "incoming request" line (kept here at debug): two
 * lines to join by request id, and 375 bytes of log a feed request instead of 265.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    // A balancer's health check every few seconds would be most of the journal: an ok answer
    // is written at debug, a failing one at info like every other request.
    else if (request.routeOptions.config.quietWhenOk && reply.statusCode < 400) {
      reply.log.debug(line, 'request completed');
    } else reply.log.info(line, 'request completed');
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answers that succeed are logged at debug, not info (the health check). */
    quietWhenOk?: boolean;
  }
}

/** Assembles the server: plugins, modules and the one error handler. Does not listen. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database, version } = options;
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config, options.logStream),
    logController: new OneLinePerRequest(),
    // Our own ids only: a client-chosen id could be used to forge log lines.
    genReqId: () => `req-${randomUUID().slice(0, 8)}`,
    requestIdHeader: false,
    bodyLimit: limits.jsonBodyBytes,
    // Node answers 408 and closes a request not received whole in this time (Fastify turns Node's
    // own limit off): the outer bound behind every body's pace and deadline (plugins/body-pace.ts).
    requestTimeout: limits.uploadBodyTotalMs + 60_000,
    // A number of hops: the nearest `n` addresses are proxies (Fastify's own rule for a number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // A closing server (a restart, an upgrade) still answers what arrives on the connections it
    // has (a proxy's kept-alive ones) instead of a 503 for each; Fastify closes idle ones, and
    // the socket systemd holds queues new ones for the next process.
    return503OnClosing: false,
    frameworkErrors: answerFrameworkError,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('database', database);
  app.decorate('appVersion', version);
  app.decorate('config', config);
  app.decorate('storage', new StorageWatch(config.dataDir));
  app.decorate('mediaStore', options.mediaStore ?? (await createMediaStore(config.media)));
  database.events.onError = (error) => app.log.error({ err: error }, 'live event bus failed');
  const liveHub = new LiveHub(database, app.log, options.live);
  app.decorate('liveHub', liveHub);
  const pushSender = new PushSender(database, config, app.log, options.push);
  app.decorate('pushSender', pushSender);
  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => liveHub.close());
  app.addHook('onClose', async () => {
    pushSender.close();
    await pushSender.idle();
  });
  app.decorateRequest('person', null);
  // Every route, as registered: the authorisation table test checks that each has its rows.
  const routes: CataloguedRoute[] = [];
  app.decorate('routeCatalogue', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, ...(route.schema ? { schema: route.schema } : {}) });
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // One reading of the path for every guard and handler (server/lib/request-path.ts).
    if (requestPath(request.url) === undefined) throw new AppError('route_not_found', 404);
    // Taken before the request reads anything: the page opens its event stream from here.
    if (request.method === 'GET' && isApiRequest(request)) {
      reply.header(livePositionHeader, liveHub.position());
    }
  });
  app.addHook('onSend', async (request, reply) => {
    // API answers are personal and live: never stored by a browser or a proxy.
    if (isApiRequest(request) && !request.routeOptions.url?.startsWith('/api/docs')) {
      reply.header('cache-control', 'no-store');
    }
  });

  registerErrorHandling(app);
  registerBodyPace(app, options.bodyPace);
  registerCrossSiteGuard(app, config);
  registerInputGuard(app);
  registerAudiences(app);
  registerActingPersonGuard(app);
  await registerSecurityHeaders(app, config, options.webRoot);
  // Answers are compressed as they leave, so quickly: brotli's lowest quality gives nearly the
  // size of its default at a fraction of the time, and at the default compression is a large
  // share of a feed request. The web app's files come compressed from the build.
  await app.register(compress, {
    threshold: 1024,
    // Answers up to 32 KB are compressed in one call instead of through a stream, which costs
    // several times more per answer. The library's own ceiling on two cores is below a page of
    // Vietnamese posts in UTF-8, so without this the feed would take the slow path.
    syncThreshold: 32 * 1024,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } },
  });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: limits.uploadBytes, files: 1, fields: 4, parts: 5, headerPairs: 50 },
  });
  await registerApiDocs(app, version);
  await registerAuth(app, config);

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(clientErrorRoutes);
      await api.register(accountRoutes);
      await api.register(configRoutes);
      await api.register(identityRoutes);
      await api.register(studentImportRoutes);
      await api.register(uploadRoutes);
      await api.register(courseRoutes);
      await api.register(searchRoutes);
      await api.register(studentRoutes);
      await api.register(showcaseRoutes);
      await api.register(certificateRoutes, { webRoot: options.webRoot });
      await api.register(instructorRoutes);
      await api.register(profileRoutes);
      await api.register(feedbackRoutes);
      await api.register(postRoutes);
      await api.register(notificationRoutes);
      await api.register(eventRoutes);
      await api.register(pushRoutes);
      await api.register(peopleAdminRoutes);
      await api.register(adminToolsRoutes);
    },
    { prefix: '/api' },
  );

  registerMetrics(app, config);
  await app.register(mediaFileRoutes);
  await app.register(logoFileRoutes);
  await app.register(sharePageRoutes);
  await app.register(certificatePageRoutes);
  if (options.webRoot) await registerWebApp(app, options.webRoot);
  return app;
}
