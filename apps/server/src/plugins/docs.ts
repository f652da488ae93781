import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI generated from the same zod schemas the routes validate with. */
async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Wise API',
        version: '1.0.0',
        description: 'The Wise customer API. Every failure answers `{ error, code?, fields?, meta? }`.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'wise_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  // The documentation is public; onRoute in this scope declares the UI's routes so.
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
    });
    await scope.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  });
}

export default fp(docsPlugin, { name: 'docs' });
