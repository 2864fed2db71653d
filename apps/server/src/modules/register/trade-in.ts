import { centsUsd, messages, type SaleFigures, type SellLine } from '@cardstock/contract';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { priceCounterBuy, type CounterBuy } from '../buylist/counter-buy.ts';
import { requireWithinEmployeeLimit } from '../buylist/paying-out.ts';

/*
 * Trade-in in the sale (issue 44): cards the customer sells to the shop as the sale is rung up, priced by the shop's
 * buy rules (the buylist's offer), paid as store credit netted against the sale or as cash out of the drawer, and
 * bought into stock in the sale's transaction. The buylist's counter purchase (`buylist/counter-buy.ts`) prices and
 * records it; this file is what the register adds: the payout's rules. Decision 037.
 */

const said = messages.registerServer;

/** The trade-in a sale carries: its lines and how it is paid; undefined for a sale without one. */
export interface TradeIn {
  items: SellLine[];
  payout: 'cash' | 'credit';
}

export function tradeInOf(input: { trade_in?: SellLine[]; trade_in_payout?: 'cash' | 'credit' }): TradeIn | undefined {
  if (!input.trade_in?.length) return undefined;
  // The schema asks for a payout whenever there are lines; a caller inside the server is held to it as well.
  if (!input.trade_in_payout)
    throw new AppError('VALIDATION', said.tradeInPayoutMissing, {
      errors: [{ field: 'trade_in_payout', message: said.tradeInPayoutMissing }],
    });
  return { items: input.trade_in, payout: input.trade_in_payout };
}

/** What a trade-in adds to a sale's Idempotency-Key fingerprint: nothing without one, so older keys hash alike. */
export const tradeInFingerprint = (trade: TradeIn | undefined) =>
  trade ? { trade_in: trade.items, trade_in_payout: trade.payout } : {};

/**
 * The trade-in priced in the sale's transaction, before any stock is taken: every line wanted whole (else 409
 * `NOT_WANTED`), and an Employee's payout within the shop's limit, at once and over 24 hours (the buylist's rule,
 * counting buy orders accepted on the Buylist screen and at the register alike). Taken first, so the Employee payouts'
 * lock comes before any stock row's, as when a buy order is accepted.
 */
export async function priceTradeIn(
  ctx: AppContext,
  tx: Tx,
  trade: TradeIn,
  payer: { shopId: number; email: string; role: string; customerId: number | null },
): Promise<CounterBuy> {
  const buy = await priceCounterBuy(tx, payer.shopId, trade.items, trade.payout);
  await requireWithinEmployeeLimit(
    tx,
    ctx.engine,
    { ...payer, exceptId: null },
    buy.total_cents,
    buy.limit_cents,
    ctx.clock.now().toISOString(),
  );
  return buy;
}

/** Credit beyond the sale goes on a customer's store credit: without one, the sale is refused, naming the field. */
export function requireCustomerForCredit(figures: SaleFigures, customerId: number | undefined): void {
  if (figures.credit_to_customer_cents === 0 || customerId !== undefined) return;
  const sentence = said.tradeInCreditNeedsCustomer(centsUsd(figures.credit_to_customer_cents));
  throw new AppError('BAD_REQUEST', sentence, { errors: [{ field: 'customer_id', message: sentence }] });
}
