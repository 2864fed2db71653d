import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: reset and invitation links, pairing codes, tokens. */
const secretParams = /([?&](?:token|auth_token|code|invite_code|password)=)[^&#]*/gi;

/** A URL as it may be logged: every secret query value replaced. */
export const redactUrl = (url: string): string => url.replace(secretParams, '$1[redacted]');

/** The request fields the log keeps (pino's default ones), with the URL's secrets removed. */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
