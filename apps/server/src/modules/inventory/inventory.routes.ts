import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { messages } from '@cardstock/contract';
import { AnswerCache } from '../../lib/answer-cache.ts';
import { AppError } from '../../lib/errors.ts';
import type { ShopIndexCache } from './inventory-index.ts';
import { createInventoryCsvService } from './inventory-csv.service.ts';
import { createInventoryService } from './inventory.service.ts';

export function inventoryRoutes(app: FastifyInstance, ctx: AppContext, indexes: ShopIndexCache): void {
  const inventory = createInventoryService(ctx, indexes, new AnswerCache());
  registerRoute(app, routes.inventoryList, ({ actor, body }) => inventory.list(actor, body));
  registerRoute(app, routes.search, ({ actor, body }) => inventory.search(actor, body));
  // Public pages are the same for every visitor: validated by ETag, revalidated on every view.
  registerRoute(app, routes.publicInventory, async ({ body }, request, reply) => {
    const answer = await inventory.publicPage(body.subdomain, body.page);
    reply.header('etag', answer.etag).header('cache-control', 'public, no-cache');
    if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
    return answer;
  });
  registerRoute(app, routes.shopWebsiteInventory, ({ body }) => inventory.shopWebsitePage(body));
  registerRoute(app, routes.inventoryAdd, ({ actor, body }) => inventory.add(actor, body));
  registerRoute(app, routes.inventoryEdit, ({ actor, body }) => inventory.edit(actor, body));
  registerRoute(app, routes.inventoryDeleteAll, ({ actor }) => inventory.deleteAll(actor));

  const csv = createInventoryCsvService(ctx);
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
}
