import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { salesReport } from './sales-report.ts';
import { createStatsService } from './stats.service.ts';

export function statsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const stats = createStatsService(ctx);
  registerRoute(app, routes.statsSummary, ({ actor }) => stats.summary(actor));
  registerRoute(app, routes.statsTotalCards, ({ actor }) => stats.totalCards(actor));
  registerRoute(app, routes.statsInventoryValue, ({ actor }) => stats.inventoryValue(actor));
  registerRoute(app, routes.statsLowStock, ({ actor }) => stats.lowStock(actor));
  registerRoute(app, routes.statsOrdersOverTime, ({ actor }) => stats.ordersOverTime(actor));
  registerRoute(app, routes.statsBuysOverTime, ({ actor }) => stats.buysOverTime(actor));
  registerRoute(app, routes.statsTopSelling, ({ actor, body }) => stats.topSelling(actor, body.limit));
  registerRoute(app, routes.statsLatestSold, ({ actor, body }) => stats.latestSold(actor, body.limit));
  const report = salesReport(ctx);
  registerRoute(app, routes.statsSalesReport, ({ actor, body }, _request, reply) => report(actor, body, reply));
}
