import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { registerRoute } from '../../lib/route.ts';
import { createShopDataService } from './shop-data.service.ts';

export function shopDataRoutes(app: FastifyInstance, ctx: AppContext): void {
  const shopData = createShopDataService(ctx);
  registerRoute(app, routes.shopExport, async ({ actor }, _request, reply) => {
    const data = await shopData.export(actor);
    const name = `cardstock-shop-${data.shop?.id ?? 'export'}-${data.exported_at.slice(0, 10)}.json`;
    reply.header('content-disposition', `attachment; filename="${name}"`);
    return data;
  });
}
