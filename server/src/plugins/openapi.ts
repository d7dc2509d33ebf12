// The API's description (OpenAPI 3.1 from the routes' zod schemas, Better Auth's routes included)
// and its pages at /api/docs, staff only in production (decision 021).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import { describeAuthRoutes, type Auth } from './auth.ts';

/** The description of every route (registered at the root, before the routes). */
export const openApiPlugin = fp<{ auth: Auth; config: Config }>(
  async (app, { auth, config }) => {
    const authDescription = await describeAuthRoutes(auth);
    await app.register(swagger, {
      openapi: {
        // zod's JSON Schemas (type arrays, propertyNames) are OpenAPI 3.1's dialect.
        openapi: '3.1.0',
        info: {
          title: 'Aylal API',
          version: '1.0.0',
          description:
            'Errors answer `{ error: { code, message, details? } }`; messages follow Accept-Language (en, mn).',
        },
        servers: [{ url: config.PUBLIC_URL }],
      },
      transform: jsonSchemaTransform,
      // Every route is described, Better Auth's included.
      transformObject: (documentObject) => {
        const document =
          'openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject;
        return {
          ...document,
          paths: { ...document.paths, ...authDescription.paths },
          components: {
            ...('components' in document ? document.components : {}),
            schemas: {
              ...('components' in document ? document.components?.schemas : {}),
              ...authDescription.components?.schemas,
            },
          },
        } as typeof document;
      },
    });
  },
  { name: 'openapi' },
);

/**
 * /api/docs: the description is for the agency's developers: staff only in production. The guard
 * is a hook of the scope the description's routes are registered in, so it holds for each of them
 * however its path is spelled (decision 021).
 */
export async function apiDocsRoutes(docs: FastifyInstance, { isProduction }: { isProduction: boolean }) {
  if (isProduction) docs.addHook('onRequest', docs.requireAdmin);
  await docs.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
