import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import type { CatalogService } from './catalog.service.ts';

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  // Kept answers, compressed once per encoding rather than on every request (issue 43).
  const kept = { precompressed: true };
  registerRoute(app, routes.cardSearch, ({ query }) => catalog.search(query.q), kept);
  registerRoute(app, routes.suggest, ({ query }) => catalog.suggest(query.q), kept);
  registerRoute(app, routes.cardPrints, ({ params }) => catalog.prints(params.id));
  registerRoute(app, routes.cardPriceHistory, ({ params }) => catalog.priceHistory(params.id));
  registerRoute(app, routes.card, ({ params }) => catalog.get(params.id));
}
