import { centsUsd as money, returnMessages } from '@cardstock/contract';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { customersRepository } from '../customers/customers.repository.ts';
import { ordersRepository } from '../orders/orders.repository.ts';
import { holdText } from '../orders/reservation-mails.ts';
import { registerRepository } from './register.repository.ts';
import { receiptPath, saleDueCents } from './sale-presenter.ts';

const said = returnMessages.server;
const tenderNames: Record<string, string> = {
  cash: 'Cash',
  card: 'Card',
  store_credit: 'Store credit',
  other: 'Other',
};

/**
 * A sale's receipt by e-mail, on the customer's request (issue 44): plain text with the lines, tax, total and
 * tenders, the shop's return policy, and the link to the printable receipt. Sent while the call waits, so the
 * counter knows whether it went; one address gets at most so many an hour (`receiptMailsPerRecipient`).
 */
export function mailReceipt(ctx: AppContext) {
  return async function mail(actor: Actor, input: { sale_number: string; email?: string }) {
    const { shopId } = requireRole(actor, 'register:sell');
    const sale = await registerRepository.byNumber(ctx.db, shopId, input.sale_number);
    if (!sale) throw new AppError('NOT_FOUND', said.saleNotFound(input.sale_number));
    const customer =
      sale.customer_id === null ? undefined : await customersRepository.find(ctx.db, shopId, sale.customer_id);
    const to = input.email ?? customer?.email ?? '';
    if (!to)
      throw new AppError('VALIDATION', said.receiptNeedsAddress, {
        errors: [{ field: 'email', message: said.receiptNeedsAddress }],
      });
    await ctx.limiter.hit('receiptMailsPerRecipient', to.toLowerCase());
    const [shop, lines, tenders] = await Promise.all([
      registerRepository.shopOf(ctx.db, shopId),
      ordersRepository.linesOf(ctx.db, [sale.order_id]),
      registerRepository.tendersOf(ctx.db, sale.id),
    ]);
    const include = sale.prices_include_tax === 1;
    const rows = [
      ...lines.map(
        (l) =>
          `  ${l.quantity} × ${l.card_name} (${l.set_code.toUpperCase()}): ${money(l.unit_price_cents * l.quantity - l.discount_cents)}`,
      ),
      '',
      `  Subtotal: ${money(sale.subtotal_cents)}`,
      ...(sale.discount_cents > 0 ? [`  Discount: −${money(sale.discount_cents)}`] : []),
      `  ${include ? 'Tax included' : 'Tax'}: ${money(sale.tax_cents)}`,
      `  Total: ${money(sale.total_cents)}`,
      ...(sale.trade_in_payout === 'credit' && sale.trade_in_cents > 0
        ? [`  Trade-in credit: −${money(sale.trade_in_cents)}`, `  Due: ${money(saleDueCents(sale))}`]
        : []),
      ...tenders.map((t) => `  ${tenderNames[t.kind] ?? t.kind}: ${money(t.amount_cents)}`),
      ...(sale.change_cents > 0 ? [`  Change: ${money(sale.change_cents)}`] : []),
    ];
    try {
      await ctx.mailer.send({
        to,
        subject: `Your receipt from ${shop.name}: sale ${sale.order_number}`,
        text:
          `Thank you for shopping at ${shop.name}.\n\n` +
          `Sale ${sale.order_number}, ${holdText(sale.created_at, shop.time_zone)}\n\n` +
          `${rows.join('\n')}\n\n` +
          (shop.return_policy ? `${shop.return_policy}\n\n` : '') +
          `Your receipt, to print or keep:\n${ctx.config.publicUrl}${receiptPath(sale.receipt_token)}\n`,
      });
    } catch (err) {
      ctx.log.error({ err, sale: sale.order_number }, 'a receipt mail could not be sent');
      throw new AppError('UNAVAILABLE', said.receiptNotSent);
    }
    return { message: said.receiptSent(to), email: to };
  };
}
