import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  messages,
  storefrontPageOf,
  storefrontQueryOf,
  storefrontSortOf,
  storefrontSubdomain,
  type StorefrontSort,
} from '@cardstock/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { Serialized } from '../lib/route.ts';
import { storefrontDocument } from './storefront-document.ts';

/** What a storefront address asks for: a page of a search (`q`, '' for every card) in an order. */
export interface StorefrontRequest {
  page: number;
  q: string;
  sort: StorefrontSort;
}

/** What the storefront's documents need of the public shops. */
export interface StorefrontPages {
  /**
   * A public shop's page of cards for a request; undefined when no public shop has that subdomain, null when the
   * search has a bad term (the document then carries no page, never another one).
   */
  page(subdomain: string, request: StorefrontRequest): Promise<Serialized | undefined | null>;
  /** Whether a public shop has that subdomain: its status and "We buy" pages carry no cards to make. */
  isPublic(subdomain: string): Promise<boolean>;
}

/** The shop a document request is for: the host's subdomain (storefront mode), else /shop/{subdomain}. */
function storefrontOf(request: FastifyRequest): string | undefined {
  const fromHost = storefrontSubdomain(request.hostname);
  if (fromHost) return fromHost;
  const match = /^\/shop\/([^/?#]+)(?:\/order(?:\/[^/?#]+)?|\/buylist)?\/?$/.exec(request.url.split('?')[0] ?? '');
  return match ? decodeURIComponent(match[1]!).toLowerCase() : undefined;
}

/**
 * Whether a storefront address is the shop's order status page: `/shop/{subdomain}/order`, or `/order` on its host,
 * either followed by an order number as the reservation mails link it.
 */
const isOrderStatusPage = (request: FastifyRequest): boolean =>
  /^(?:\/shop\/[^/?#]+)?\/order(?:\/[^/?#]+)?\/?$/.test(request.url.split('?')[0] ?? '');

/** Whether a storefront address is the shop's "We buy" page: `/shop/{subdomain}/buylist`, or `/buylist` on its host. */
const isBuylistPage = (request: FastifyRequest): boolean =>
  /^(?:\/shop\/[^/?#]+)?\/buylist\/?$/.test(request.url.split('?')[0] ?? '');

/** A file of the web app's build as text, or undefined when the build has no such file. */
function readBuiltFile(distDir: string | undefined, file: string): string | undefined {
  if (distDir === undefined) return undefined;
  try {
    return fs.readFileSync(path.join(distDir, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Serves the built web app. Hashed assets are cached for a year; every other
 * non-API path answers index.html so the client router can take over.
 *
 * The two HTML documents are read here, once, and served from memory: `npm run
 * build` empties dist and writes it again, and a document read from disk per
 * request answered a 404 (or half a file) meanwhile. A new build's documents
 * are served from the next start.
 */
export async function registerWeb(
  app: FastifyInstance,
  distDir: string | undefined,
  storefrontPages: StorefrontPages,
): Promise<void> {
  const appDocument = readBuiltFile(distDir, 'index.html');
  // The storefront's own document (a lighter entry); a build without it falls back to the app's.
  const storefrontTemplate = readBuiltFile(distDir, 'storefront.html') ?? appDocument;
  const hasWeb = appDocument !== undefined;

  /** index.html, or for a shop's public page its own document with that page of cards in it (a 404 when there is no such shop). */
  async function sendDocument(request: FastifyRequest, reply: FastifyReply) {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    const subdomain = storefrontOf(request);
    if (subdomain === undefined || storefrontTemplate === undefined) return reply.send(appDocument);
    // The status and "We buy" pages draw themselves (chunks of the storefront's entry): no banner or cards to adopt.
    if (isOrderStatusPage(request) || isBuylistPage(request))
      return (await storefrontPages.isPublic(subdomain))
        ? reply.send(storefrontTemplate)
        : reply.code(404).send(storefrontTemplate);
    const query = request.query as Record<string, unknown>;
    const page = await storefrontPages.page(subdomain, {
      page: storefrontPageOf(query.page),
      q: storefrontQueryOf(query.q),
      sort: storefrontSortOf(query.sort),
    });
    if (page === undefined) return reply.code(404).send(storefrontTemplate);
    if (page === null) return reply.send(storefrontTemplate);
    return reply.send(storefrontDocument(storefrontTemplate, page));
  }

  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      // Look assets up per request, so a rebuilt web app's new ones are found without a restart.
      wildcard: true,
      index: false,
      // Cache headers are ours: hashed assets forever, everything else revalidated.
      cacheControl: false,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'public, max-age=3600');
        }
      },
    });
    // The root is a folder to the static handler; it is the app's home page to people.
    app.get('/', { schema: { hide: true } }, sendDocument);
  } else {
    app.log.warn({ distDir }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname.startsWith('/api/') || pathname === '/api';
    // A missing hashed asset is a 404: answering HTML where a script was asked for breaks the page quietly.
    const isAsset = pathname.startsWith('/assets/');
    if (isApi || isAsset || !hasWeb || !['GET', 'HEAD'].includes(request.method)) {
      throw new AppError('NOT_FOUND', messages.server.notFound);
    }
    return sendDocument(request, reply);
  });
}
