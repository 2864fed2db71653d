import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ZErrorResponse } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * Every route's document also names its refusals: any status but 200 answers
 * `{ message, code, errors? }` (ZErrorResponse). Only in the document: the
 * route's own schemas stay as they are, so no error answer goes through a
 * response serializer (the CSV import's 422 report is its own shape).
 */
const withErrorAnswer: typeof jsonSchemaTransform = (input) => {
  const response = input.schema?.response as Record<string, unknown> | undefined;
  if (!response) return jsonSchemaTransform(input);
  return jsonSchemaTransform({
    ...input,
    schema: { ...input.schema, response: { ...response, default: ZErrorResponse } },
  });
};

/** The OpenAPI document, generated from the contract's zod schemas, at /api/docs. */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Cardstock API',
        description: 'Inventory, ordering and storefront platform for Magic: The Gathering card shops.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'Session token; the body field token works too' },
        },
      },
    },
    transform: withErrorAnswer,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}
