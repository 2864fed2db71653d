import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** Log levels at which request lines (info) are not written: no listener is added for them. */
const quietLevels = new Set(['fatal', 'error', 'warn', 'silent']);

/**
 * Request logging, one line a request instead of Fastify's two (`incoming request` when it arrives, `request
 * completed` when answered): request logging is on by default (LOG_LEVEL info), each line is a synchronous write,
 * and two lines a request cost the storefront a tenth of its rate (bench/RESULTS.md, "default settings").
 *
 * The line is written once the connection is done with the request: who asked what (the `req` serializer,
 * `logRequest`, keeps the URL's secrets out), the status and the time taken, and `aborted` when the client left
 * before the whole answer (Fastify writes no completion line for those: the arrival line was their only trace).
 * Errors keep Fastify's own `request errored` line.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request) || quietLevels.has(request.log.level)) return;
    reply.raw.once('close', () => {
      const aborted = !reply.raw.writableFinished;
      reply.log.info(
        { req: request, res: reply, responseTime: reply.elapsedTime, ...(aborted ? { aborted } : {}) },
        'request completed',
      );
    });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}
