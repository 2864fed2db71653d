import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { cookies, messages, type RouteDef } from '@cardstock/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { requirePlatformRole, requireRole } from './access.ts';
import { AppError } from './errors.ts';
import type { Actor } from './actor.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves a session token to its caller, or throws 401/403. Installed by app.ts. */
    authenticate(token: string | undefined): Promise<Actor>;
    /** Resolves a staff session or a paired device's token to its caller, or throws 401/403. */
    authenticateDevice(token: string | undefined): Promise<Actor>;
  }
  interface FastifyRequest {
    /** The body came as JSON text without `\u0000`: it holds no U+0000 (JSON writes it only so). */
    jsonWithoutNul: boolean;
    /** A staff session token looked up once for this request, by whichever hook asked first (`sessionOnce`). */
    sessionCheck: { token: string; actor: Promise<Actor> } | null;
  }
}

type Input<D extends RouteDef> = {
  body: D['body'] extends z.ZodType
    ? z.output<D['body']>
    : D['multipart'] extends true
      ? Record<string, unknown>
      : undefined;
  query: D['querystring'] extends z.ZodType ? z.output<D['querystring']> : undefined;
  /** Multipart routes: the form's fields, files as Buffers. */
  params: D['params'] extends z.ZodType ? z.output<D['params']> : undefined;
  actor: D['auth'] extends 'session' | 'device' | 'admin' ? Actor : undefined;
};

/**
 * An answer already checked against its route's response schema and turned
 * into JSON: hot, repeated answers (search as you type, public pages) are
 * kept in this form and sent as they are.
 */
export class Serialized {
  /**
   * A weak validator of this answer, for `ETag` and `If-None-Match`: weak,
   * because the same answer goes out plain, gzip- or brotli-encoded.
   */
  readonly etag: string;
  private readonly encoded: Partial<Record<ContentEncoding, Buffer>> = {};

  /** UTF-8 bytes, encoded once: sending them again costs no encoding and no length scan. */
  private constructor(readonly body: Buffer) {
    this.etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  }

  static of<S extends z.ZodType>(schema: S, value: z.input<S>): Serialized {
    return new Serialized(Buffer.from(JSON.stringify(schema.parse(value))));
  }

  /** The body compressed for `encoding`, once per answer: a kept answer is never compressed twice. */
  encodedAs(encoding: ContentEncoding): Buffer {
    return (this.encoded[encoding] ??=
      encoding === 'br'
        ? brotliCompressSync(this.body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.body.length },
          })
        : gzipSync(this.body, { level: 6 }));
  }
}

/**
 * An answer its handler wrote as JSON text itself, sent as it is: for a long answer on a hot path (an offer for 200
 * lines), where building objects to stringify is much of the call. Its route's tests hold the text to the response
 * schema, byte for byte (the JSON of the schema's parse of it).
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export type ContentEncoding = 'br' | 'gzip';

/** The encoding to answer in: brotli, else gzip, when `Accept-Encoding` allows it (a `q=0` refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (!q || Number(q.slice(2)) > 0) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** Whether `If-None-Match` names `etag` (weak comparison, as RFC 9110 asks of it). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Answers this small go out as they are: compressing them saves less than it costs. */
const MIN_COMPRESSED_BYTES = 1024;

export type Handler<D extends RouteDef> = (
  input: Input<D>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<z.input<D['response']> | Serialized | JsonText | FastifyReply>;

/**
 * The session token, wherever the spec's clients put it: `Authorization:
 * Bearer`, or the body fields `token`, `auth_token` or `Authorization`.
 */
/** The first Idempotency-Key header of a request, if any (orders, reservations, sell lists and sales read it). */
export const idempotencyKeyOf = (headers: Record<string, string | string[] | undefined>): string | undefined => {
  const key = headers['idempotency-key'];
  return Array.isArray(key) ? key[0] : key;
};

/** An Idempotency-Key a use case may keep: 1 to 200 characters; another is a 400 naming the rule. */
export function checkIdempotencyKey(key: string | undefined): void {
  if (key !== undefined && (key.length === 0 || key.length > 200))
    throw new AppError('BAD_REQUEST', messages.ordersServer.badIdempotencyKey);
}

/**
 * What a keyed request is checked against when its key comes again: the sha256 of the request as the server read it
 * (JSON, fields in the order given). Stored beside the key, so the same request hashes alike in every release.
 */
export const fingerprintOf = (request: unknown): string =>
  createHash('sha256').update(JSON.stringify(request)).digest('hex');

export function sessionToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const body = request.body;
  if (typeof body === 'object' && body !== null) {
    for (const field of ['token', 'auth_token', 'Authorization']) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) return value;
    }
  }
  return undefined;
}

/** The session cookie's token (`auth_token`, as the web app stores it), for routes a browser calls without headers. */
export function cookieToken(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === cookies.authToken) {
      try {
        return decodeURIComponent(pair.slice(at + 1).trim()) || undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Whether any text in a parsed body, query or path holds U+0000 (files of a multipart form are bytes, not text). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value) || depth > 20) return false;
  // Walked in place (no entries copied): a sell list of 200 lines is walked on every offer.
  if (Array.isArray(value)) return value.some((inner) => hasNul(inner, depth + 1));
  for (const key in value)
    if (key.includes('\u0000') || hasNul((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

/**
 * Parses JSON bodies as Fastify does (a `__proto__` or `constructor.prototype` key is refused), noting a text
 * without `\u0000` so that the check for U+0000 need not walk its parsed body: a sell list is 200 lines of fields.
 */
export function installJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  // A field of every request rather than a WeakSet of them: weak keys cost the garbage collector more per request.
  app.decorateRequest('jsonWithoutNul', false);
  app.decorateRequest('sessionCheck', null);
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
    const json = text.toString();
    if (!json.includes('\\u0000')) request.jsonWithoutNul = true;
    void parse(request, json, done);
  });
}

/**
 * A staff session token's caller, looked up at most once per request: the API budget's hook asks whether the token
 * is live (issue 38) and the route asks who calls, and on PostgreSQL each ask is a query.
 */
export function sessionOnce(app: FastifyInstance, request: FastifyRequest, token: string): Promise<Actor> {
  if (request.sessionCheck?.token !== token) request.sessionCheck = { token, actor: app.authenticate(token) };
  return request.sessionCheck.actor;
}

/** The caller of each request, set before its body is validated. */
const actors = new WeakMap<FastifyRequest, Actor>();

/**
 * Registers one route of the contract: its method, path and schemas come
 * from the route table, so the server cannot drift from what clients rely
 * on. Routes marked `session` (or `device`) get the caller as `actor`, or
 * answer 401; a route's `permission` is checked against the caller's role
 * before its body is even validated, so a refusal never depends on the input.
 * `admin` routes take a session whose platform role allows the route's
 * `adminPermission` (`admin:manage` when a route names none).
 */
export interface RouteOptions {
  /**
   * The handler answers with kept `Serialized` answers: they go out
   * compressed once and kept (brotli or gzip as the client accepts), instead
   * of through the compression plugin on every request.
   */
  precompressed?: boolean;
}

/**
 * The body's validator when its route reads the canonical form in one pass (`RouteDef.canonicalBody`): that pass,
 * and the body's schema for whatever it leaves (other spellings, refusals and their words).
 */
const canonicalFirst =
  (canonical: (input: unknown) => unknown): FastifySchemaCompiler<unknown> =>
  (route) => {
    const bySchema = validatorCompiler(route as FastifyRouteSchemaDef<z.ZodType>);
    if (route.httpPart !== 'body') return bySchema;
    return (data) => {
      const value = canonical(data);
      return value === undefined ? bySchema(data) : { value };
    };
  };

export function registerRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: Handler<D>,
  options: RouteOptions = {},
): void {
  const authenticate =
    def.auth === 'session' || def.auth === 'admin'
      ? (token: string | undefined, request: FastifyRequest) =>
          token ? sessionOnce(app, request, token) : app.authenticate(token)
      : def.auth === 'device'
        ? (token: string | undefined) => app.authenticateDevice(token)
        : undefined;
  const hasBody = Boolean(def.body || ('multipart' in def && def.multipart));
  // One hook, not one per check: the public pages answer from memory, where each hook's promise shows.
  const preValidation = async (request: FastifyRequest) => {
    // PostgreSQL cannot store U+0000 in text: refuse it for every call, on both engines alike.
    if ((!request.jsonWithoutNul && hasNul(request.body)) || hasNul(request.query) || hasNul(request.params))
      throw new AppError('BAD_REQUEST', messages.server.nulCharacter);
    if (hasBody) {
      // A call sent without a body (a DELETE with only a Bearer header, say), or with JSON's null, reads as an empty
      // form: refused field by field where something is required, accepted where nothing is. A list, a number, a
      // text or true is no form at all.
      if (request.body === null || request.body === undefined) request.body = {};
      else if (typeof request.body !== 'object' || Array.isArray(request.body))
        throw new AppError('VALIDATION', messages.server.bodyNotObject, {
          errors: [{ field: '(body)', message: messages.server.bodyNotObject }],
        });
    }
    if (authenticate) {
      const token = sessionToken(request) ?? (def.cookieAuth ? cookieToken(request) : undefined);
      const actor = await authenticate(token, request);
      if (def.auth === 'admin') requirePlatformRole(actor, def.adminPermission ?? 'admin:manage');
      if (def.permission) requireRole(actor, def.permission);
      actors.set(request, actor);
    }
  };
  app.route({
    method: def.method,
    url: def.path,
    schema: {
      summary: def.summary,
      tags: [...def.tags],
      ...(def.body ? { body: def.body } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: { 200: def.response },
      ...(authenticate ? { security: [{ bearer: [] }] } : {}),
    },
    preValidation,
    ...(options.precompressed ? { compress: false, decompress: false } : {}),
    ...(def.canonicalBody ? { validatorCompiler: canonicalFirst(def.canonicalBody) } : {}),
    handler: async (request, reply) => {
      const actor = actors.get(request);
      const answer = await handler(
        { body: request.body, query: request.query, params: request.params, actor } as Input<D>,
        request,
        reply,
      );
      if (answer instanceof Serialized) {
        reply.type('application/json; charset=utf-8');
        if (!options.precompressed) return reply.send(answer.body);
        reply.header('vary', 'accept-encoding');
        const encoding =
          answer.body.length >= MIN_COMPRESSED_BYTES
            ? preferredEncoding(request.headers['accept-encoding'])
            : undefined;
        if (!encoding) return reply.send(answer.body);
        return reply.header('content-encoding', encoding).send(answer.encodedAs(encoding));
      }
      if (answer instanceof JsonText) return reply.type('application/json; charset=utf-8').send(answer.text);
      // A handler that sent its own answer (a file, a stream) returns the reply itself.
      if (answer === reply) return reply;
      return answer;
    },
  });
}
