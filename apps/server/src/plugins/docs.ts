import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { declareAccessForContext } from './access.js';
import { finishDocument } from './openapi-document.js';
import { securitySchemes, transformOperation } from './openapi-operation.js';

export interface DocsOptions {
  productName: string;
  /** The document's server: the configured public address, else `/` (the host that served the document). */
  serverUrl: string;
  /** The name of the auth library's session cookie. */
  sessionCookie: string;
}

/**
 * The OpenAPI document at /docs/json (and its pages at /docs), made for code generators: each operation has an
 * operationId, a summary, its own security and every answer with its media type (decision 0052).
 */
export async function registerDocs(app: FastifyInstance, { productName, serverUrl, sessionCookie }: DocsOptions) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: `${productName} API`,
        version: '0.1.0',
        description: 'Operations (/ops-api) and core (/core-api) services.',
        license: { name: 'Proprietary', url: '/docs' },
      },
      servers: [{ url: serverUrl }],
      components: { securitySchemes: securitySchemes(sessionCookie) },
    },
    transform: transformOperation,
    transformObject: finishDocument,
  });
  await app.register(async (docs) => {
    declareAccessForContext(docs, 'docs');
    await docs.register(swaggerUi, { routePrefix: '/docs' });
  });
}
