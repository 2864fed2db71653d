import {
  centsToDollars,
  returnMessages,
  type RegisterReturnResponse,
  type RegisterSaleDetail,
  type RegisterSalesResponse,
} from '@cardstock/contract';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { buylistRepository } from '../buylist/buylist.repository.ts';
import { customersRepository } from '../customers/customers.repository.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { registerRepository } from './register.repository.ts';
import { toSaleReturn, tenderOf } from './return-presenter.ts';
import { refundableOf, returnableOf } from './return-sale.ts';
import { returnsRepository } from './returns.repository.ts';
import { receiptPath, toSaleAnswer } from './sale-presenter.ts';

/** How many of the latest sales the register lists. */
const LATEST = 25;

/** The register's history (issue 44): the latest sales, one sale with its returns and what can still come back. */
export function saleHistory(ctx: AppContext) {
  /** A shop's sale by its number, with everything a return reads; 404 for none. */
  async function detail(shopId: number, saleNumber: string): Promise<RegisterSaleDetail> {
    const sale = await registerRepository.byNumber(ctx.db, shopId, saleNumber);
    if (!sale) throw new AppError('NOT_FOUND', returnMessages.server.saleNotFound(saleNumber));
    const [lines, tradeIn, tenders, returns, returned, refunded, customer] = await Promise.all([
      ordersRepository.linesOf(ctx.db, [sale.order_id]),
      buylistRepository.linesOf(ctx.db, sale.buy_order_id === null ? [] : [sale.buy_order_id]),
      registerRepository.tendersOf(ctx.db, sale.id),
      returnsRepository.returnsOf(ctx.db, sale.id),
      returnsRepository.returnedOf(ctx.db, sale.id),
      returnsRepository.refundedOf(ctx.db, sale.id),
      sale.customer_id === null ? undefined : customersRepository.find(ctx.db, shopId, sale.customer_id),
    ]);
    const include = sale.prices_include_tax === 1;
    const left = refundableOf(tenders, refunded);
    return {
      ...toSaleAnswer(sale, lines, tradeIn),
      created_at: sale.created_at,
      created_by: sale.created_by,
      customer: customer ? { id: customer.id, name: customer.name } : null,
      tenders: tenders.map(tenderOf),
      returns: returns.map((r) => toSaleReturn(r, lines)),
      returnable: lines.map((line) => {
        const already = Number(returned.find((r) => r.order_line_id === line.id)?.quantity ?? 0);
        const returnable = returnableOf(line, include, already);
        return {
          line: line.id,
          quantity: returnable.left,
          amount: centsToDollars(returnable.give(returnable.left).amount_cents),
        };
      }),
      refundable: { card: centsToDollars(left.card), other: centsToDollars(left.other) },
    };
  }

  return {
    /** The shop's latest sales, newest first. */
    latest: async (actor: Actor): Promise<RegisterSalesResponse> => {
      const { shopId } = requireRole(actor, 'register:sell');
      const rows = await returnsRepository.latest(ctx.db, shopId, LATEST);
      return {
        sales: rows.map((row) => ({
          sale_number: row.order_number,
          created_at: row.created_at,
          created_by: row.created_by,
          customer_name: row.customer_name,
          copies: Number(row.copies),
          total: centsToDollars(row.total_cents),
          returns: row.returns_count,
        })),
      };
    },

    /** One sale by its number. */
    find: async (actor: Actor, input: { sale_number: string }): Promise<RegisterSaleDetail> => {
      const { shopId } = requireRole(actor, 'register:sell');
      return detail(shopId, input.sale_number);
    },

    /** A return just recorded, as its answer: the return, the sale's receipt (which lists it), the credit after. */
    async returnAnswer(
      actor: Actor,
      done: { returnNumber: string; saleNumber: string; balanceCents: number | undefined },
    ): Promise<RegisterReturnResponse> {
      const { shopId } = requireRole(actor, 'register:refund');
      const sale = await registerRepository.byNumber(ctx.db, shopId, done.saleNumber);
      if (!sale) throw new AppError('NOT_FOUND', returnMessages.server.saleNotFound(done.saleNumber));
      const [lines, returns] = await Promise.all([
        ordersRepository.linesOf(ctx.db, [sale.order_id]),
        returnsRepository.returnsOf(ctx.db, sale.id),
      ]);
      const row = returns.find((r) => r.return_number === done.returnNumber)!;
      const answer = toSaleReturn(row, lines);
      return {
        ...answer,
        message: returnMessages.server.returned(done.returnNumber, row.refund_cents),
        sale_number: sale.order_number,
        credit_balance: done.balanceCents === undefined ? null : centsToDollars(done.balanceCents),
        receipt_url: receiptPath(sale.receipt_token),
      };
    },
  };
}
