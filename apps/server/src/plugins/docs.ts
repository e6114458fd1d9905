import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { declareAccessForContext } from './access.js';

export async function registerDocs(app: FastifyInstance, productName: string) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${productName} API`, version: '0.1.0', description: 'Operations (/ops-api) and core (/core-api) services.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(async (docs) => {
    declareAccessForContext(docs, 'docs');
    await docs.register(swaggerUi, { routePrefix: '/docs' });
  });
}
