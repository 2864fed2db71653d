import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { etagMatches, registerRoute, sessionToken } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import type { StorefrontPages } from '../../plugins/web.ts';
import type { InventoryReadModel } from '../inventory/read-model.ts';
import { createStorefrontService } from './storefront.service.ts';

/** Registers a shop's public pages; answers the public page lookup the web documents use. */
export function storefrontRoutes(app: FastifyInstance, ctx: AppContext, reads: InventoryReadModel): StorefrontPages {
  const storefront = createStorefrontService(ctx, reads);
  // Kept answers: compressed once per answer, not once per request.
  const kept = { precompressed: true };
  // Public pages are the same for every visitor: validated by ETag, revalidated on every view.
  registerRoute(
    app,
    routes.publicInventory,
    async ({ body }, request, reply) => {
      const answer = await storefront.publicPage(body.subdomain, body.page, body.q, body.sort);
      reply.header('etag', answer.etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
      if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      return answer;
    },
    kept,
  );
  registerRoute(app, routes.publicSealed, ({ body }) => storefront.publicSealed(body.subdomain));
  // Anyone may see a public shop's page; its own staff (a Bearer session) also while it is private.
  registerRoute(
    app,
    routes.shopWebsiteInventory,
    async ({ body }, request) => {
      const token = sessionToken(request);
      const viewer = token ? await app.authenticate(token).catch(() => undefined) : undefined;
      return storefront.shopWebsitePage(body, viewer?.shopId ?? null);
    },
    kept,
  );

  return {
    page: (subdomain, { page, q, sort }) =>
      storefront.publicPage(subdomain, page, q, sort).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'NOT_FOUND') return undefined;
        // A search with a bad term: the document carries no page, and the page's own call shows why.
        if (err instanceof AppError && err.code === 'BAD_REQUEST') return null;
        throw err;
      }),
    isPublic: (subdomain) => storefront.isPublicShop(subdomain),
  };
}
