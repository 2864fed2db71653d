import {
  messages,
  type CartLine,
  type SaleItem,
  type SaleFigures,
  type SellLine,
  type Settled,
  type RegisterSaleResponse,
  type TenderKind,
} from '@cardstock/contract';
import { afterCommit } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { checkIdempotencyKey, fingerprintOf } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { stockCounterBuy, type CounterBuy } from '../buylist/counter-buy.ts';
import type { StockWrites } from '../inventory/stock-writes.ts';
import { withoutUnsetFlags, type PlaceAs } from '../orders/place-order.ts';
import { drawerForSale, type SaleDrawer } from './cash-moves.ts';
import { discountOfInput, recordSale, saleAnswerOf, tendersOfInput, type ShopTax } from './sale-record.ts';
import { priceSale } from './price-sale.ts';
import { toSaleAnswer } from './sale-presenter.ts';
import { priceTradeIn, requireCustomerForCredit, tradeInFingerprint, tradeInOf } from './trade-in.ts';
import { hasCodeLines, resolveSaleItems } from './scan-codes.ts';

const said = messages.registerServer;

/** A sale as the route read it: the cart (lines by scanned code too), the customer, the discount (dollars as sent) and the tenders. */
export interface SaleInput {
  items: SaleItem[];
  customer_id?: number;
  discount?: { percent: number } | { amount: number };
  tenders: { kind: TenderKind; amount: number; reference?: string }[];
  /** Cards the customer trades in, and how they are paid (needed when there are any). */
  trade_in?: SellLine[];
  trade_in_payout?: 'cash' | 'credit';
}

/**
 * Rings up a sale at the counter (issue 44) through the orders' one door: the stock leaves in the same transaction
 * as the order is written, confirmed at once, priced by the shop (never by the request), so two registers never sell
 * the last copy twice; the discount, tax and tenders follow decision 037; the same Idempotency-Key again answers the
 * first sale, with another body 422. One audit entry, `register.sale`.
 */
export function ringUp(ctx: AppContext, placeAs: PlaceAs, writes: StockWrites) {
  return async function sale(actor: Actor, input: SaleInput, idempotencyKey: string | undefined) {
    const { shopId, email, userId, role } = requireRole(actor, 'register:sell');
    checkIdempotencyKey(idempotencyKey);
    const discount = discountOfInput(input.discount);
    const tenders = tendersOfInput(input.tenders);
    const trade = tradeInOf(input);
    const creditCents = tenders.filter((t) => t.kind === 'store_credit').reduce((n, t) => n + t.amount_cents, 0);
    const key = idempotencyKey
      ? {
          // Apart from orders' keys: a sale and an order never answer each other's retry.
          stored: `register:${idempotencyKey}`,
          fingerprint: fingerprintOf({
            // Over the items as sent: a code line is hashed as its code, not as what it resolved to.
            items: input.items.map((item) => ('code' in item ? item : withoutUnsetFlags(item))),
            customer_id: input.customer_id ?? null,
            discount: discount ?? null,
            tenders,
            ...tradeInFingerprint(trade),
          }),
        }
      : null;
    // What pricing the cart decided, before anything is written; the sale is recorded from it once the order is.
    let priced: { figures: SaleFigures; settled: Settled; tax: ShopTax } | undefined;
    // The trade-in as priced before the cart's stock is taken.
    let buy: CounterBuy | undefined;
    // The seller's open drawer (decision 038): cash in or out needs one; the sale joins it whatever paid.
    let drawer: SaleDrawer | undefined;
    // The answer, from what the sale wrote, once it has committed (a replay of the key reads the first sale instead).
    let answer: RegisterSaleResponse | undefined;
    try {
      const { orderNumber } = await placeAs(
        shopId,
        { kind: 'staff', id: userId, name: email, actor: email },
        // Scanned codes are resolved in the sale's transaction, against the stock it then takes.
        hasCodeLines(input.items) ? (tx) => resolveSaleItems(tx, shopId, input.items) : (input.items as CartLine[]),
        key,
        {
          confirmedBy: email,
          check: async (tx) => {
            // Cash taken, or a trade-in paid out in cash: the drawer moves.
            const movesCash = tenders.some((t) => t.kind === 'cash') || trade?.payout === 'cash';
            drawer = await drawerForSale(tx, ctx.engine, shopId, userId, movesCash);
            if (trade)
              buy = await priceTradeIn(ctx, tx, trade, {
                shopId,
                email,
                role,
                customerId: input.customer_id ?? null,
              });
          },
          credit: input.customer_id === undefined ? undefined : { customerId: input.customer_id, cents: creditCents },
          // Priced, before anything is written: the figures, the Employee's discount limit and the tenders.
          limit: async (tx, lines) => {
            const { figures, settled, tax } = await priceSale(tx, {
              shopId,
              role,
              customerId: input.customer_id,
              lines,
              discount,
              tenders,
              tradeIn: buy,
            });
            requireCustomerForCredit(figures, input.customer_id);
            priced = { figures, settled, tax };
            // The traded-in copies into stock now, after the cart's rows and before the order is written (whose
            // trigger takes the shop's row): every writer takes stock rows first, then the shop's.
            if (buy) await stockCounterBuy(tx, writes, buy, shopId, ctx.clock.now().toISOString());
            return {
              // Store credit may pay the whole sale, tax included (settle held it within what is due).
              creditCapCents: figures.due_cents,
              totalCents: figures.subtotal_cents - figures.discount_cents,
              shares: figures.lines.map(({ discount_cents, tax_cents }) => ({ discount_cents, tax_cents })),
            };
          },
          then: async (tx, { orderId, orderNumber: saleNumber, lines }) => {
            if (!priced) throw new Error('a sale is recorded only after its cart was priced');
            const recorded = await recordSale(
              ctx,
              tx,
              {
                shopId,
                actor: email,
                userId,
                role,
                orderId,
                saleNumber,
                customerId: input.customer_id,
                tenders,
                drawer,
              },
              priced,
              buy,
            );
            afterCommit(tx, async () => {
              answer = toSaleAnswer(recorded.sale, lines, recorded.tradeIn);
            });
          },
        },
      );
      return answer ?? (await saleAnswerOf(ctx, shopId, orderNumber));
    } catch (err) {
      if (err instanceof AppError && err.code === 'IDEMPOTENCY_MISMATCH')
        throw new AppError('IDEMPOTENCY_MISMATCH', said.idempotencyMismatch);
      throw err;
    }
  };
}
