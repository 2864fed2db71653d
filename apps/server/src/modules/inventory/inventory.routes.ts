import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { etagMatches, registerRoute, sessionToken } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { messages } from '@cardstock/contract';
import { AppError } from '../../lib/errors.ts';
import type { StorefrontPages } from '../../plugins/web.ts';
import { createInventoryCsvService } from './inventory-csv.service.ts';
import { createInventoryService } from './inventory.service.ts';
import type { InventoryReadModel } from './read-model.ts';

/** Registers the inventory and storefront calls; answers the public page lookup the web documents use. */
export function inventoryRoutes(app: FastifyInstance, ctx: AppContext, reads: InventoryReadModel): StorefrontPages {
  const inventory = createInventoryService(ctx, reads);
  // Kept answers: compressed once per answer, not once per request.
  const kept = { precompressed: true };
  registerRoute(app, routes.inventoryList, ({ actor, body }) => inventory.list(actor, body), kept);
  registerRoute(app, routes.search, ({ actor, body }) => inventory.search(actor, body), kept);
  // Public pages are the same for every visitor: validated by ETag, revalidated on every view.
  registerRoute(
    app,
    routes.publicInventory,
    async ({ body }, request, reply) => {
      const answer = await inventory.publicPage(body.subdomain, body.page);
      reply.header('etag', answer.etag).header('cache-control', 'public, no-cache').header('vary', 'accept-encoding');
      if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
      return answer;
    },
    kept,
  );
  // Anyone may see a public shop's page; its own staff (a Bearer session) also while it is private.
  registerRoute(
    app,
    routes.shopWebsiteInventory,
    async ({ body }, request) => {
      const token = sessionToken(request);
      const viewer = token ? await app.authenticate(token).catch(() => undefined) : undefined;
      return inventory.shopWebsitePage(body, viewer?.shopId ?? null);
    },
    kept,
  );
  registerRoute(app, routes.inventoryAdd, ({ actor, body }) => inventory.add(actor, body));
  registerRoute(app, routes.inventoryEdit, ({ actor, body }) => inventory.edit(actor, body));
  registerRoute(app, routes.inventoryDeleteAll, ({ actor }) => inventory.deleteAll(actor));

  const csv = createInventoryCsvService(ctx, reads);
  registerRoute(app, routes.inventoryExport, ({ actor }, _request, reply) => csv.export(actor, reply));
  registerRoute(app, routes.inventoryImport, async ({ actor, body }, _request, reply) => {
    const file = body.file;
    if (!Buffer.isBuffer(file) || file.length === 0)
      throw new AppError('BAD_REQUEST', messages.inventoryServer.importNoFile);
    const { status, report } = await csv.import(actor, {
      file,
      dryRun: body.dry_run === 'true',
      acceptPartial: body.accept_partial === 'true',
    });
    if (status === 422) return reply.code(422).send(report);
    return report;
  });

  return (subdomain, page) =>
    inventory.publicPage(subdomain, page).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'NOT_FOUND') return undefined;
      throw err;
    });
}
