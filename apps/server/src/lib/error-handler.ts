import { messages } from '@cardstock/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

interface FieldIssue {
  field: string;
  message: string;
}

/** Fastify's own refusals, reworded for people. */
const fastifyCodes: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: messages.server.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: messages.server.unsupportedMediaType },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: messages.server.invalidJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: messages.server.invalidJson },
  FST_REQ_FILE_TOO_LARGE: { status: 413, message: messages.inventoryServer.importTooLarge },
  FST_FILES_LIMIT: { status: 413, message: 'Send one file at a time.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 415, message: messages.server.unsupportedMediaType },
};

/** What busboy (under @fastify/multipart) throws for a form that is not well-formed multipart; it sets no code. */
const malformedMultipart =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)$/;

/**
 * The one place errors become answers: `{ message }` with the right status,
 * field issues on 400, and a logged, generic 500 for anything unexpected —
 * never a stack trace on the wire.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.details?.retryAfterSeconds) reply.header('Retry-After', String(error.details.retryAfterSeconds));
      return reply.status(error.status).send({ message: error.message, errors: error.details?.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldIssue[] = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)',
        message: v.message ?? 'is invalid',
      }));
      const message = errors.map((e) => e.message).join(' ') || messages.server.validationFailed;
      return reply.status(400).send({ message, errors });
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply.status(400).send({ message: messages.server.invalidJson });
    }
    // PostgreSQL refusing a value no schema bounded: a number out of its column's range.
    if ((error as { code?: unknown }).code === '22003') {
      request.log.warn({ err: error }, 'a number out of range reached the database: bound it in the schema');
      return reply.status(400).send({ message: messages.server.numberOutOfRange });
    }
    if (malformedMultipart.test(error.message)) {
      return reply.status(400).send({ message: messages.server.malformedMultipart });
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return reply.status(known.status).send({ message: known.message });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: messages.server.internalError });
  });
}
