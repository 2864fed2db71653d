import {
  centsUsd,
  centsToDollars,
  finishOf,
  languageOf,
  messages,
  qualityOf,
  type RegisterSaleResponse,
} from '@cardstock/contract';
import type { BuyLineRow } from '../buylist/buylist.repository.ts';
import type { OrderLineRow } from '../orders/orders.repository.ts';
import type { SaleRow } from './register.repository.ts';

/** Where a sale's receipt is read: its unguessable token in the path (routes.registerReceipt). */
export const receiptPath = (token: string): string => `/api/register/receipt/${token}`;

/** What a sold line paid: after its discount, with its tax unless the shelf price held it. */
export const linePaidCents = (line: OrderLineRow, pricesIncludeTax: boolean): number =>
  line.unit_price_cents * line.quantity - line.discount_cents + (pricesIncludeTax ? 0 : line.tax_cents);

/** What the shop paid for one copy of a traded-in line, at the sale's payout (the offer as it was accepted). */
export const tradeInUnitCents = (line: BuyLineRow, payout: string | null): number =>
  payout === 'cash' ? line.cash_cents : line.credit_cents;

/** What the customer paid for: the total, less a trade-in paid as credit (never below 0). */
export const saleDueCents = (sale: SaleRow): number =>
  sale.trade_in_payout === 'credit' ? Math.max(0, sale.total_cents - sale.trade_in_cents) : sale.total_cents;

/** The sentence of a completed sale: its number, the change, and how its trade-in was paid. */
function soldText(sale: SaleRow): string {
  const said = messages.registerServer;
  const sold = said.sold(sale.order_number, sale.change_cents > 0 ? centsUsd(sale.change_cents) : '');
  if (sale.trade_in_cash_cents > 0) return `${sold} ${said.tradeInPaid('cash', centsUsd(sale.trade_in_cash_cents))}`;
  if (sale.trade_in_credit_cents > 0)
    return `${sold} ${said.tradeInPaid('credit', centsUsd(sale.trade_in_credit_cents))}`;
  return sold;
}

/**
 * A sale as the register answers it, from what was stored (the same answer for the sale and for a retry of it):
 * `tradeIn` are the lines of the buy order its trade-in was bought under, none without one.
 */
export function toSaleAnswer(
  sale: SaleRow,
  lines: readonly OrderLineRow[],
  tradeIn: readonly BuyLineRow[] = [],
): RegisterSaleResponse {
  const include = sale.prices_include_tax === 1;
  return {
    message: soldText(sale),
    sale_number: sale.order_number,
    subtotal: centsToDollars(sale.subtotal_cents),
    discount: centsToDollars(sale.discount_cents),
    tax: centsToDollars(sale.tax_cents),
    total: centsToDollars(sale.total_cents),
    trade_in_total: centsToDollars(sale.trade_in_cents),
    paid: centsToDollars(sale.paid_cents),
    change_due: centsToDollars(sale.change_cents),
    receipt_url: receiptPath(sale.receipt_token),
    lines: lines.map((line) => ({
      line: line.id,
      kind: line.card_id === '' ? ('sealed' as const) : ('single' as const),
      scryfall_id: line.card_id,
      sealed_id: line.sealed_id,
      name: line.card_name,
      set_code: line.set_code,
      finish: finishOf(line.finish),
      quality: qualityOf(line.quality),
      language: languageOf(line.language),
      quantity: line.quantity,
      unit_price: centsToDollars(line.unit_price_cents),
      discount: centsToDollars(line.discount_cents),
      tax: centsToDollars(line.tax_cents),
      total: centsToDollars(linePaidCents(line, include)),
    })),
    trade_in_payout: sale.trade_in_payout === 'cash' || sale.trade_in_payout === 'credit' ? sale.trade_in_payout : null,
    due: centsToDollars(saleDueCents(sale)),
    trade_in_cash_out: centsToDollars(sale.trade_in_cash_cents),
    credit_to_customer: centsToDollars(sale.trade_in_credit_cents),
    buy_number: sale.buy_number,
    trade_in_lines: tradeIn.map((line) => {
      const unit = tradeInUnitCents(line, sale.trade_in_payout);
      return {
        scryfall_id: line.card_id,
        name: line.card_name,
        set_code: line.set_code,
        finish: finishOf(line.finish),
        quality: qualityOf(line.quality),
        language: languageOf(line.language),
        quantity: line.wanted,
        unit_price: centsToDollars(unit),
        total: centsToDollars(unit * line.wanted),
      };
    }),
  };
}
