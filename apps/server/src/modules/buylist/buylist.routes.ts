import { routes } from '@cardstock/contract';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeyOf, registerRoute } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import type { InventoryReadModel } from '../inventory/read-model.ts';
import { createBuylistService } from './buylist.service.ts';

/** Registers buying from customers: offers and sell lists (staff and kiosks), review, rules, the public "We buy" page. */
export function buylistRoutes(app: FastifyInstance, ctx: AppContext, reads: InventoryReadModel) {
  const buylist = createBuylistService(ctx, reads);
  // A list of up to 200 lines is priced again at every card added: its answer is built by typed mappers.
  registerRoute(app, routes.buylistOffer, ({ actor, body }) => buylist.offer(actor, body.items));
  registerRoute(app, routes.buylistSubmit, ({ actor, body }, request) =>
    buylist.submit(actor, body, idempotencyKeyOf(request.headers)),
  );
  registerRoute(app, routes.buylistPending, ({ actor }) => buylist.pending(actor));
  registerRoute(app, routes.buylistHistory, ({ actor }) => buylist.history(actor));
  registerRoute(app, routes.buylistGrade, ({ actor, body }) => buylist.grade(actor, body.buy_number, body.lines));
  registerRoute(app, routes.buylistAccept, ({ actor, body }) => buylist.accept(actor, body.buy_number, body.payout));
  registerRoute(app, routes.buylistReject, ({ actor, body }) => buylist.reject(actor, body.buy_number, body.reason));
  registerRoute(app, routes.buylistRules, ({ actor }) => buylist.rules(actor));
  registerRoute(app, routes.buylistRulesUpdate, ({ actor, body }) => buylist.updateRules(actor, body.rules));
  registerRoute(app, routes.buylistCards, ({ actor, body }) => buylist.cards(actor, body));
  registerRoute(app, routes.buylistCardSet, ({ actor, body }) => buylist.setCard(actor, body));
  registerRoute(app, routes.buylistCardRemove, ({ actor, body }) => buylist.removeCard(actor, body.scryfall_id));
  registerRoute(app, routes.publicBuylist, ({ body }) => buylist.publicBuylist(body.subdomain, body.page));
}
