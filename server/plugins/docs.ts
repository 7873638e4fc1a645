import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the routes' zod schemas, and its page at /api/docs. */
export async function registerApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Học viện API',
        description:
          'The academy app API. Errors: { error: { code, message, details?, requestId } }.',
        version,
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // The plugin's policy upgrades requests to https, which breaks the page on a plain-http
    // address in the academy's own network; and it refuses the style element Swagger UI writes
    // into its own page, which this page (the API's own description, no person's content) may
    // have.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/style-src ([^;]*)/, "style-src $1 'unsafe-inline'"),
    uiConfig: { docExpansion: 'list', deepLinking: false },
  });
}
