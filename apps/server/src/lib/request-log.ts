import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { symbols, type DestinationStream } from 'pino';
import { redactUrl } from './log-redaction.ts';

/** What of pino's logger a request line is made from: its level prefixes, clock, bindings and destination. */
interface PinoParts {
  [symbols.lsCacheSym]: Record<number, string>;
  [symbols.timeSym]: () => string;
  [symbols.chindingsSym]: string;
  [symbols.streamSym]: DestinationStream;
}

/** pino's number for `info`. */
const INFO = 30;

/** Log levels at which request lines (info) are not written: no listener is added for them. */
const quietLevels = new Set(['fatal', 'error', 'warn', 'silent']);

/**
 * Request logging, one line a request instead of Fastify's two (`incoming request` when it arrives, `request
 * completed` when answered): request logging is on by default (LOG_LEVEL info), and two lines a request cost the
 * storefront a tenth of its rate (bench/RESULTS.md, "default settings"); the server gathers lines up to 4 KB a write
 * (lib/log-destination.ts).
 *
 * The line is written once the connection is done with the request: who asked what (method, the URL with its
 * secrets replaced as `logRequest` does, host, address and port), the status and the time taken, and `aborted`
 * when the client left before the whole answer (Fastify writes no completion line for those: the arrival line was
 * their only trace). It is the line pino would write for it (level, time, pid, hostname, reqId first), built here
 * by hand and written to pino's destination: pino's serializers and redaction cost the kept public answers a
 * fifth of their rate (bench/RESULTS.md, 2026-11-26), and this line has nothing in it to redact. Errors keep
 * Fastify's own `request errored` line, through pino.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request) || quietLevels.has(request.log.level)) return;
    const res = reply.raw;
    res.once('close', () => writeRequestLine(request.log, requestLine(request, reply, !res.writableFinished)));
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) super.requestCompleted(error, request, reply);
  }
}

/** `,"name":value` for a text field, nothing when it has no value (as pino leaves undefined out). */
const textField = (name: string, value: string | undefined) =>
  value === undefined ? '' : `,"${name}":${JSON.stringify(value)}`;

/** The fields of a request's line after pino's own (level, time, bindings), as JSON without its braces. */
export function requestLine(request: FastifyRequest, reply: FastifyReply, aborted: boolean): string {
  const url = request.url.includes('?') ? redactUrl(request.url) : request.url;
  // A client that left has taken its socket's address and port with it.
  const remotePort = request.socket?.remotePort;
  const time = reply.elapsedTime;
  return (
    `"req":{"method":"${request.method}"${textField('url', url)}${textField('host', request.host)}` +
    `${textField('remoteAddress', request.ip)}${remotePort === undefined ? '' : `,"remotePort":${remotePort}`}}` +
    `,"res":{"statusCode":${reply.statusCode}},"responseTime":${Number.isFinite(time) ? time : null}` +
    `${aborted ? ',"aborted":true' : ''},"msg":"request completed"`
  );
}

/** Writes `fields` as an info line of `log` (a pino logger), exactly where and how pino writes its lines. */
function writeRequestLine(log: FastifyBaseLogger, fields: string): void {
  const pino = log as unknown as PinoParts;
  pino[symbols.streamSym].write(
    `${pino[symbols.lsCacheSym][INFO]}${pino[symbols.timeSym]()}${pino[symbols.chindingsSym]},${fields}}\n`,
  );
}
