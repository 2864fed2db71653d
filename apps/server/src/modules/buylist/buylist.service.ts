import { buyLimits, type SellLine } from '@cardstock/contract';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { JsonText } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import type { InventoryReadModel } from '../inventory/read-model.ts';
import { stockWrites } from '../inventory/stock-writes.ts';
import { acceptBuyOrder } from './accept-buy-order.ts';
import { buyCards } from './buy-cards.ts';
import { buyOrderReads } from './buy-orders.ts';
import { offerAnswerText } from './buy-presenter.ts';
import { buylistRepository as repo } from './buylist.repository.ts';
import { gradeBuyOrder } from './grade-buy-order.ts';
import { lineOf, OfferKeeps, offersOf, requireKnown } from './offer-pricing.ts';
import { rejectBuyOrder } from './reject-buy-order.ts';
import { submitSellList } from './submit-sell-list.ts';

/**
 * Buying from customers (issue 25): a sell list is offered for (offer-pricing), submitted as a pending buy order
 * (submit-sell-list), graded, then accepted (bought into the stock through the inventory, paid in cash or store
 * credit) or rejected; the shop's rules and its word on single printings are in buy-cards. This file only composes
 * the use cases, one file each.
 */
export function createBuylistService(ctx: AppContext, reads: InventoryReadModel) {
  const keeps = new OfferKeeps(ctx.db, (shopId) => reads.quoteState(shopId));
  const orders = buyOrderReads(ctx);

  return {
    /** What the shop offers for a sell list now, as JSON text (offerAnswerText); nothing is written. */
    async offer(actor: Actor, items: SellLine[]): Promise<JsonText> {
      const { shopId } = requireRole(actor, 'buylist:sell');
      const lines = items.map(lineOf);
      const cardIds = items.map((i) => i.scryfall_id);
      const pricing = await keeps.pricing(shopId, cardIds);
      requireKnown(pricing, cardIds);
      return new JsonText(offerAnswerText(lines, pricing.cards, offersOf(lines, pricing)));
    },

    submit: submitSellList(ctx),

    async pending(actor: Actor) {
      const { shopId } = requireRole(actor, 'buylist:view');
      const list = await repo.list(ctx.db, shopId, 'pending', buyLimits.historyLimit);
      return { success: true as const, data: { buy_orders: await orders.withLines(ctx.db, shopId, list, true) } };
    },

    async history(actor: Actor) {
      const { shopId } = requireRole(actor, 'buylist:view');
      const list = await repo.list(ctx.db, shopId, 'decided', buyLimits.historyLimit);
      return { success: true as const, data: { buy_orders: await orders.withLines(ctx.db, shopId, list, false) } };
    },

    grade: gradeBuyOrder(ctx, orders),
    accept: acceptBuyOrder(ctx, stockWrites(reads), orders),
    reject: rejectBuyOrder(ctx, orders),
    ...buyCards(ctx, reads),
  };
}
