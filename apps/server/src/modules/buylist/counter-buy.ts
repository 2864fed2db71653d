import { messages, qualityOf, type SellLine } from '@cardstock/contract';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { StockWrites } from '../inventory/stock-writes.ts';
import { nextNumber } from '../orders/order-number.ts';
import { buylistRepository as repo } from './buylist.repository.ts';
import { lineOf, offersOf, pricingFor, requireKnown, storableOffer, type LineOffer } from './offer-pricing.ts';
import { buyIntoStock } from './paying-out.ts';

/*
 * Cards bought across the counter in one go (issue 44's trade-in in a sale): priced by the shop's buy rules as its
 * stock stands in the caller's transaction, every line bought whole or the whole purchase refused, and recorded as a
 * buy order accepted at once, so the buylist's history, its statistics and the customer's page show it like any other.
 */

const said = messages.registerServer;
const reasons = messages.buylist.screen.reasons;

/** A counter purchase as priced: each line's printing and offer, what one copy and the line pay, and the total. */
export interface CounterBuy {
  payout: 'cash' | 'credit';
  lines: {
    line: SellLine;
    card_name: string;
    set_code: string;
    collector_number: string;
    offer: LineOffer;
    unit_cents: number;
  }[];
  total_cents: number;
  copies: number;
  limit_cents: number;
}

/**
 * Prices `items` by the shop's buy rules for `payout`, in the caller's transaction. A line the shop does not buy now,
 * or buys fewer copies of than offered, refuses the whole purchase (409 `NOT_WANTED`, each such line named as
 * `trade_in.N` with why); an unknown printing is a 404. Writes nothing.
 */
export async function priceCounterBuy(
  tx: Tx,
  shopId: number,
  items: readonly SellLine[],
  payout: 'cash' | 'credit',
): Promise<CounterBuy> {
  const ids = items.map((i) => i.scryfall_id);
  const pricing = await pricingFor(tx, shopId, ids);
  requireKnown(pricing, ids);
  const offers = offersOf(items.map(lineOf), pricing);
  const refused: { field: string; message: string }[] = [];
  const lines = items.map((line, i) => {
    const offer = offers[i]!;
    const card = pricing.cards.get(line.scryfall_id)!;
    const unit = payout === 'cash' ? offer.cash_cents : offer.credit_cents;
    const named = `${card.name} (${card.set_code.toUpperCase()}, ${qualityOf(line.quality)})`;
    // A line offered nothing for this payout (cash under the minimum while credit is not) is not bought.
    if (offer.wanted === 0 || unit <= 0)
      refused.push({
        field: `trade_in.${i}`,
        message: said.tradeInNotWanted(named, reasons[offer.reason ?? 'below_minimum']),
      });
    else if (offer.wanted < line.quantity)
      refused.push({ field: `trade_in.${i}`, message: said.tradeInFewerWanted(named, offer.wanted, line.quantity) });
    return {
      line,
      card_name: card.name,
      set_code: card.set_code,
      collector_number: card.collector_number,
      offer,
      unit_cents: unit,
    };
  });
  if (refused.length) throw new AppError('NOT_WANTED', refused.map((r) => r.message).join(' '), { errors: refused });
  return {
    payout,
    lines,
    total_cents: lines.reduce((n, l) => n + l.unit_cents * l.line.quantity, 0),
    copies: lines.reduce((n, l) => n + l.line.quantity, 0),
    limit_cents: pricing.rules.employee_accept_limit_cents,
  };
}

/** Who bought the cards, for whom, and when. */
export interface CounterBuyer {
  shopId: number;
  userId: number;
  email: string;
  role: string;
  customerId: number | null;
  at: string;
}

/**
 * The priced copies into the shop's stock at their cost per copy (averaged with each row's, through the inventory's
 * `addBought`). Kept apart from `recordCounterBuy` so a caller can take the stock rows before anything that locks the
 * shop's row (see `ordersRepository.lockToDecide` for why that order matters).
 */
export async function stockCounterBuy(tx: Tx, writes: StockWrites, buy: CounterBuy, shopId: number, at: string) {
  await buyIntoStock(
    tx,
    writes,
    shopId,
    buy.lines.map((l) => ({
      card_id: l.line.scryfall_id,
      card_name: l.card_name,
      set_code: l.set_code,
      finish: l.line.finish,
      quality: l.line.quality,
      language: l.line.language,
      quantity: l.line.quantity,
      cost_cents: l.unit_cents,
    })),
    at,
  );
}

/**
 * The purchase as a buy order accepted at once by `buyer` (its number in the buy orders' own series, paid in full at
 * its payout): answers its id, number and lines as written. The caller pays it (cash, or the customer's store credit)
 * and audits it.
 */
export async function recordCounterBuy(tx: Tx, buy: CounterBuy, buyer: CounterBuyer) {
  const { shopId, userId, email, role, customerId, at } = buyer;
  const { number: buyNumber, callout } = await nextNumber(tx, 'B', shopId, userId, at);
  const { id, lines } = await repo.insert(
    tx,
    {
      shop_id: shopId,
      buy_number: buyNumber,
      callout,
      source_kind: 'staff',
      source_id: userId,
      source_name: email,
      customer_id: customerId,
      status: 'accepted',
      payout: buy.payout,
      paid_cents: buy.total_cents,
      idempotency_key: null,
      idempotency_fingerprint: null,
      created_at: at,
      decided_at: at,
      decided_by: email,
      decided_role: role,
      reason: null,
    },
    buy.lines.map((l, position) => ({
      shop_id: shopId,
      position,
      card_id: l.line.scryfall_id,
      card_name: l.card_name,
      set_code: l.set_code,
      collector_number: l.collector_number,
      finish: l.line.finish,
      quality: l.line.quality,
      language: l.line.language,
      quantity: l.line.quantity,
      // Graded at the counter, with the customer there.
      graded: 1,
      ...storableOffer(l.offer),
    })),
  );
  return { id, buyNumber, lines };
}
