import { messages, type ErrorResponse } from '@cardstock/contract';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, codeOfStatus, errorStatus, type ErrorCode } from './errors.ts';

interface FieldIssue {
  field: string;
  message: string;
}

/** Fastify's own refusals, reworded for people. */
const fastifyCodes: Record<string, { code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: messages.server.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.server.unsupportedMediaType },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: messages.server.invalidJson },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: messages.server.invalidJson },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: messages.inventoryServer.importTooLarge },
  FST_FILES_LIMIT: { code: 'PAYLOAD_TOO_LARGE', message: 'Send one file at a time.' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.server.unsupportedMediaType },
};

/** What busboy (under @fastify/multipart) throws for a form that is not well-formed multipart; it sets no code. */
const malformedMultipart =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|.* terminated early due to unexpected end of multipart data)$/;

/**
 * Sends a refusal: `{ message, code }`, the field issues when there are, and
 * the code's status (a status Fastify chose is kept as it is).
 */
function refuse(
  reply: FastifyReply,
  code: ErrorCode,
  message: string,
  errors?: FieldIssue[],
  status: number = errorStatus[code],
  candidates?: ErrorResponse['candidates'],
) {
  return reply.status(status).send({ message, code, errors, candidates } satisfies ErrorResponse);
}

/**
 * The one place errors become answers: `{ message, code }` with the right
 * status, field issues on 400, and a logged, generic 500 for anything
 * unexpected — never a stack trace on the wire.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.details?.retryAfterSeconds) reply.header('Retry-After', String(error.details.retryAfterSeconds));
      return refuse(reply, error.code, error.message, error.details?.errors, error.status, error.details?.candidates);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldIssue[] = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '(body)',
        message: v.message ?? 'is invalid',
      }));
      const message = errors.map((e) => e.message).join(' ') || messages.server.validationFailed;
      return refuse(reply, 'VALIDATION', message, errors);
    }
    if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return refuse(reply, 'BAD_REQUEST', messages.server.invalidJson);
    }
    // PostgreSQL refusing a value no schema bounded: a number out of its column's range.
    if ((error as { code?: unknown }).code === '22003') {
      request.log.warn({ err: error }, 'a number out of range reached the database: bound it in the schema');
      return refuse(reply, 'BAD_REQUEST', messages.server.numberOutOfRange);
    }
    if (malformedMultipart.test(error.message)) {
      return refuse(reply, 'BAD_REQUEST', messages.server.malformedMultipart);
    }
    const known = error.code ? fastifyCodes[error.code] : undefined;
    if (known) return refuse(reply, known.code, known.message);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return refuse(reply, codeOfStatus(error.statusCode), error.message, undefined, error.statusCode);
    }
    request.log.error({ err: error }, 'unhandled error');
    return refuse(reply, 'INTERNAL', messages.server.internalError);
  });
}
