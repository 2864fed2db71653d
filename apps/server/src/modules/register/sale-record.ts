import { randomBytes } from 'node:crypto';
import {
  dollarsToCents,
  messages,
  type AuditEvent,
  type Discount,
  type SaleFigures,
  type Settled,
  type TenderKind,
} from '@cardstock/contract';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { buylistRepository } from '../buylist/buylist.repository.ts';
import { recordCounterBuy, type CounterBuy } from '../buylist/counter-buy.ts';
import { appendCredit } from '../customers/credit-ledger.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { registerRepository as repo } from './register.repository.ts';
import { ringUpOnDrawer, type SaleDrawer } from './cash-moves.ts';
import { toSaleAnswer } from './sale-presenter.ts';

const said = messages.registerServer;
export type ShopTax = Awaited<ReturnType<typeof repo.taxOf>>;

/** A sale's discount as the route read it (dollars) in the register's arithmetic (cents). */
export const discountOfInput = (
  discount: { percent: number } | { amount: number } | undefined,
): Discount | undefined =>
  discount === undefined
    ? undefined
    : 'percent' in discount
      ? { percent: discount.percent }
      : { amount_cents: dollarsToCents(discount.amount) };

/** A sale's tenders as the route read them, in cents, each with its reference ('' for none). */
export const tendersOfInput = (tenders: readonly { kind: TenderKind; amount: number; reference?: string }[]) =>
  tenders.map((t) => ({ kind: t.kind, amount_cents: dollarsToCents(t.amount), reference: t.reference ?? '' }));

/* A sale written beside its order, and read back as the register answers it: shared by a sale rung up from a cart
   (ring-up.ts) and a pending order rung up (ring-up-order.ts). */

/**
 * Writes the sale beside its order: its drawer's cash, its figures, its tenders, its receipt's token, its audit.
 * Answers the sale as stored and its trade-in's lines as written, so the register answers without reading them back.
 */
export async function recordSale(
  ctx: AppContext,
  tx: Tx,
  sale: {
    shopId: number;
    actor: string;
    userId: number;
    role: string;
    orderId: number;
    saleNumber: string;
    customerId: number | undefined;
    tenders: { kind: string; amount_cents: number; reference: string }[];
    /** The seller's open drawer (`drawerForSale`), if any: the sale's cash moves in it and the sale joins it. */
    drawer: SaleDrawer | undefined;
  },
  { figures, settled, tax }: { figures: SaleFigures; settled: Settled; tax: ShopTax },
  buy: CounterBuy | undefined,
) {
  const { shopId, actor, orderId, saleNumber, customerId, tenders } = sale;
  const at = ctx.clock.now().toISOString();
  // The trade-in as a buy order accepted at once, so the buylist's history and the customer's page show it.
  const bought = buy
    ? await recordCounterBuy(tx, buy, {
        shopId,
        userId: sale.userId,
        email: actor,
        role: sale.role,
        customerId: customerId ?? null,
        at,
      })
    : undefined;
  // The order's total and each line's share of the figures are the order's own (written with it, or by the caller).
  const stored = await repo.insert(
    tx,
    {
      shop_id: shopId,
      order_id: orderId,
      subtotal_cents: figures.subtotal_cents,
      discount_cents: figures.discount_cents,
      tax_cents: figures.tax_cents,
      total_cents: figures.total_cents,
      paid_cents: settled.paid_cents,
      change_cents: settled.change_cents,
      tax_rate_thousandths: tax.tax_rate_thousandths,
      prices_include_tax: tax.prices_include_tax,
      customer_id: customerId ?? null,
      receipt_token: randomBytes(18).toString('base64url'),
      created_by: actor,
      created_at: at,
      trade_in_cents: figures.trade_in_cents,
      trade_in_cash_cents: figures.cash_out_cents,
      trade_in_credit_cents: figures.credit_to_customer_cents,
      trade_in_payout: buy?.payout ?? null,
      buy_order_id: bought?.id ?? null,
      drawer_id: sale.drawer?.id ?? null,
    },
    tenders,
  );
  const event = (balance?: number): AuditEvent => ({
    action: 'register.sale',
    detail: {
      lines: figures.lines.length,
      total_cents: figures.total_cents,
      tax_cents: figures.tax_cents,
      discount_cents: figures.discount_cents,
      tenders: Object.fromEntries(Object.entries(settled.by_kind).filter(([, cents]) => cents > 0)),
      ...(buy && bought
        ? {
            trade_in: {
              buy_number: bought.buyNumber,
              payout: buy.payout,
              amount_cents: buy.total_cents,
              copies: buy.copies,
              cash_out_cents: figures.cash_out_cents,
              credit_to_customer_cents: figures.credit_to_customer_cents,
              ...(balance === undefined ? {} : { balance_cents: balance }),
            },
          }
        : {}),
    },
  });
  if (figures.credit_to_customer_cents > 0) {
    // Trade-in credit beyond the sale onto the customer's ledger; the sale's own entry tells it, with the balance.
    const balance = await appendCredit(
      tx,
      {
        shopId,
        customerId: customerId!,
        kind: 'trade_in',
        amountCents: figures.credit_to_customer_cents,
        reference: bought?.buyNumber ?? saleNumber,
        actor,
        at,
      },
      { subject: saleNumber, event },
    );
    if (balance === undefined) throw new AppError('NOT_FOUND', messages.customers.server.notFound);
  } else await auditRepository.record(tx, { shop_id: shopId, actor, subject: saleNumber, created_at: at, ...event() });
  // The cash tendered in, the change and a trade-in's cash out of the drawer, the last of the sale's own writes: the
  // seller's drawer row is one every sale of theirs moves, held from here to the commit. A card sale whose drawer
  // closed meanwhile joins none; a cash sale's is refused whole (`ringUpOnDrawer`).
  if (
    sale.drawer &&
    (await ringUpOnDrawer(tx, sale.drawer, {
      saleNumber: sale.saleNumber,
      cashTenderedCents: tenders.filter((t) => t.kind === 'cash').reduce((n, t) => n + t.amount_cents, 0),
      changeCents: settled.change_cents,
      payoutCents: figures.cash_out_cents,
      at,
    })) === undefined
  ) {
    await repo.leaveDrawer(tx, stored.id);
    stored.drawer_id = null;
  }
  return {
    sale: { ...stored, order_number: saleNumber, buy_number: bought?.buyNumber ?? null },
    tradeIn: bought?.lines ?? [],
  };
}

/** The sale as stored: the answer to the sale and to any retry of it. */
export async function saleAnswerOf(ctx: AppContext, shopId: number, saleNumber: string) {
  const sale = await repo.byNumber(ctx.db, shopId, saleNumber);
  if (!sale) throw new AppError('CONFLICT', said.idempotencyMismatch);
  const [lines, tradeIn] = await Promise.all([
    ordersRepository.linesOf(ctx.db, [sale.order_id]),
    buylistRepository.linesOf(ctx.db, sale.buy_order_id === null ? [] : [sale.buy_order_id]),
  ]);
  return toSaleAnswer(sale, lines, tradeIn);
}
