import {
  centsText,
  centsToDollars,
  finishOf,
  languageOf,
  messages,
  qualityOf,
  type RegisterSaleResponse,
} from '@cardstock/contract';
import type { OrderLineRow } from '../orders/orders.repository.ts';
import type { SaleRow } from './register.repository.ts';

/** Where a sale's receipt is read: its unguessable token in the path (routes.registerReceipt). */
export const receiptPath = (token: string): string => `/api/register/receipt/${token}`;

/** What a sold line paid: after its discount, with its tax unless the shelf price held it. */
export const linePaidCents = (line: OrderLineRow, pricesIncludeTax: boolean): number =>
  line.unit_price_cents * line.quantity - line.discount_cents + (pricesIncludeTax ? 0 : line.tax_cents);

/** A sale as the register answers it, from what was stored (the same answer for the sale and for a retry of it). */
export function toSaleAnswer(sale: SaleRow, lines: readonly OrderLineRow[]): RegisterSaleResponse {
  const include = sale.prices_include_tax === 1;
  return {
    message: messages.registerServer.sold(
      sale.order_number,
      sale.change_cents > 0 ? `$${centsText(sale.change_cents)}` : '',
    ),
    sale_number: sale.order_number,
    subtotal: centsToDollars(sale.subtotal_cents),
    discount: centsToDollars(sale.discount_cents),
    tax: centsToDollars(sale.tax_cents),
    total: centsToDollars(sale.total_cents),
    trade_in_total: 0,
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
  };
}
