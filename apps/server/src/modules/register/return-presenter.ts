import { centsToDollars, tenderKinds, type SaleReturn, type TenderKind } from '@cardstock/contract';
import type { OrderLineRow } from '../orders/orders.repository.ts';
import type { SaleReturnRow } from './returns.repository.ts';

const tenderKindOf = (kind: string): TenderKind =>
  (tenderKinds as readonly string[]).includes(kind) ? (kind as TenderKind) : 'other';

/** A return as the register answers it and the sale's history lists it: in dollars, each line named. */
export function toSaleReturn(row: SaleReturnRow, lines: readonly OrderLineRow[]): SaleReturn {
  return {
    return_number: row.return_number,
    created_at: row.created_at,
    created_by: row.created_by,
    refunded: centsToDollars(row.refund_cents),
    tax_refunded: centsToDollars(row.tax_cents),
    lines: row.lines.map((l) => ({
      line: l.order_line_id,
      name: lines.find((line) => line.id === l.order_line_id)?.card_name ?? '',
      quantity: l.quantity,
      restock: l.restock === 1,
      amount: centsToDollars(l.amount_cents),
      tax: centsToDollars(l.tax_cents),
    })),
    refund: row.refunds.map((r) => ({
      kind: tenderKindOf(r.kind),
      amount: centsToDollars(r.amount_cents),
      reference: r.reference,
    })),
  };
}

/** A tender or refund part in dollars. */
export const tenderOf = (t: { kind: string; amount_cents: number; reference: string }) => ({
  kind: tenderKindOf(t.kind),
  amount: centsToDollars(t.amount_cents),
  reference: t.reference,
});
