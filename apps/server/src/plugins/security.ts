import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Where the page may load from: itself, Scryfall's image CDN and Turnstile. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", 'https://challenges.cloudflare.com'],
  // 'self': the Register prints a sale's receipt (its own page) from a hidden frame.
  frameSrc: ["'self'", 'https://challenges.cloudflare.com'],
  connectSrc: ["'self'", 'https://challenges.cloudflare.com'],
  // c1.scryfall.com: Scryfall's image host before 2022, which older card data (../shared/data holds some) still names.
  imgSrc: [
    "'self'",
    'data:',
    'blob:',
    'https://cards.scryfall.io',
    'https://c1.scryfall.com',
    'https://svgs.scryfall.io',
  ],
  // Toast and chart libraries set inline styles at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** A page of ours another of our pages may frame (the receipt the Register prints), and no other site. */
export function frameableBySelf(headers: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': (headers['content-security-policy'] ?? '').replace(
      "frame-ancestors 'none'",
      "frame-ancestors 'self'",
    ),
    'x-frame-options': 'SAMEORIGIN',
  };
}

/**
 * The security headers helmet sets, computed once. Our policy has no
 * per-request nonce, so the headers never change; running helmet on every
 * request (as @fastify/helmet does) cost ~5% of a small request's CPU.
 */
export function securityHeaders(): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    // Scryfall images are cross-origin and carry no CORP header.
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense behind HTTPS, which the proxy in front decides.
    strictTransportSecurity: false,
  });
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  middleware(req, res, () => undefined);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) headers[name] = String(value);
  return headers;
}

/**
 * Security headers on every answer, and CORS closed unless the operator
 * names origins (CORS_ORIGINS): other sites' pages cannot read the API.
 */
export async function registerSecurity(app: FastifyInstance, corsOrigins: readonly string[]): Promise<void> {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  if (corsOrigins.length) {
    await app.register(cors, {
      origin: [...corsOrigins],
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
      maxAge: 600,
    });
  }
}
