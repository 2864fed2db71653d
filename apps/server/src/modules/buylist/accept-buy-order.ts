import { messages, type AuditEvent, type BuyOffer } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { appendCredit } from '../customers/credit-ledger.ts';
import type { StockWrites } from '../inventory/stock-writes.ts';
import { buylistRepository as repo } from './buylist.repository.ts';
import type { BuyOrderReads } from './buy-orders.ts';
import { offersOf, pricingFor, storableOffer } from './offer-pricing.ts';
import { buyIntoStock, requireWithinEmployeeLimit } from './paying-out.ts';

const server = messages.buylist.server;

export function acceptBuyOrder(ctx: AppContext, writes: StockWrites, { notPending, orderNamed }: BuyOrderReads) {
  const now = () => ctx.clock.now().toISOString();
  /**
   * Accepting pays once. One conditional update moves the order from pending to accepted, so of any number of
   * accepts at once exactly one goes on (the others hear 409); then, in the same transaction, the offers are
   * computed again as the shop's stock stands, the wanted copies go into the inventory (the same rows, their cost
   * per copy averaged with what was paid) and a store-credit payout goes on the customer's ledger. Anything refused
   * on the way (nothing wanted, over an Employee's limit, credit without a customer) rolls it all back: still pending.
   */
  return async function accept(actor: Actor, buyNumber: string, payout: 'cash' | 'credit') {
    const { shopId, email, role } = requireRole(actor, 'buylist:take');
    const at = now();
    const paid = await withTransaction(ctx.db, async (tx) => {
      const order = await repo.find(tx, shopId, buyNumber);
      if (!order) throw new AppError('NOT_FOUND', server.notFound(buyNumber));
      if (
        !(await repo.decide(tx, order.id, {
          status: 'accepted',
          decided_by: email,
          decided_at: at,
          decided_role: role,
        }))
      )
        throw await notPending(tx, shopId, buyNumber, order.status);
      const lines = await repo.linesOf(tx, [order.id]);
      const pricing = await pricingFor(
        tx,
        shopId,
        lines.map((l) => l.card_id),
      );
      // A line offered nothing for this payout (cash under the minimum while credit is not) is not bought.
      const offers = offersOf(lines, pricing).map((o) =>
        (payout === 'cash' ? o.cash_cents : o.credit_cents) > 0 ? o : { ...o, wanted: 0 },
      );
      const unit = (o: BuyOffer) => (payout === 'cash' ? o.cash_cents : o.credit_cents);
      const total = offers.reduce((n, o) => n + unit(o) * o.wanted, 0);
      if (total <= 0) throw new AppError('CONFLICT', server.nothingWanted);
      await requireWithinEmployeeLimit(
        tx,
        ctx.engine,
        { shopId, email, role, customerId: order.customer_id, exceptId: order.id },
        total,
        pricing.rules.employee_accept_limit_cents,
        at,
      );
      if (payout === 'credit' && order.customer_id === null) throw new AppError('CONFLICT', server.creditNeedsCustomer);

      const bought = lines.map((line, i) => ({ line, offer: offers[i]! })).filter(({ offer }) => offer.wanted > 0);
      await buyIntoStock(
        tx,
        writes,
        shopId,
        bought.map(({ line, offer }) => ({ ...line, quantity: offer.wanted, cost_cents: unit(offer) })),
        at,
      );

      for (const [i, line] of lines.entries()) await repo.setOffer(tx, line.id, storableOffer(offers[i]!));
      const copies = bought.reduce((n, b) => n + b.offer.wanted, 0);
      const audit = {
        subject: buyNumber,
        event: (balance?: number): AuditEvent => ({
          action: 'buylist.accept',
          detail: {
            payout,
            amount_cents: total,
            copies,
            customer_id: order.customer_id,
            ...(balance === undefined ? {} : { balance_cents: balance }),
          },
        }),
      };
      if (payout === 'credit') {
        // The buy order's own entry tells the trade-in, with the balance it left.
        const balance = await appendCredit(
          tx,
          {
            shopId,
            customerId: order.customer_id!,
            kind: 'trade_in',
            amountCents: total,
            reference: buyNumber,
            actor: email,
            at,
          },
          audit,
        );
        if (balance === undefined) throw new AppError('CONFLICT', server.creditNeedsCustomer);
      } else
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          subject: buyNumber,
          created_at: at,
          ...audit.event(),
        });
      await repo.setPaid(tx, order.id, payout, total);
      return total;
    });
    return { message: server.accepted(buyNumber, payout, paid), buy_order: await orderNamed(shopId, buyNumber) };
  };
}
