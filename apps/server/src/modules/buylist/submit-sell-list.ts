import { messages, type SellLine } from '@cardstock/contract';
import { isUniqueViolation, withTransaction, type Tx } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { checkIdempotencyKey, fingerprintOf } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { customersRepository, type CustomerInput } from '../customers/customers.repository.ts';
import { nextNumber } from '../orders/order-number.ts';
import { buylistRepository as repo } from './buylist.repository.ts';
import { offersOf, pricingFor, requireKnown, storableOffer } from './offer-pricing.ts';

const server = messages.buylist.server;

/** Who submits a sell list: a staff member or a paired tablet, by name. */
interface BuySource {
  kind: 'staff' | 'device';
  id: number;
  name: string;
}

export function submitSellList(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  /**
   * A sell list becomes a pending buy order with the day's next callout, its offers computed now. A kiosk names
   * the seller (found by e-mail or phone, or added); staff may name one of the shop's customers instead, or none.
   * The same Idempotency-Key again answers the first buy order; with another list it is refused.
   */
  return async function submit(
    actor: Actor,
    input: { items: SellLine[]; customer?: CustomerInput; customer_id?: number },
    idempotencyKey: string | undefined,
  ) {
    const { shopId, email, userId } = requireRole(actor, 'buylist:sell');
    const source: BuySource = actor.device
      ? { kind: 'device', id: actor.device.id, name: actor.device.name }
      : { kind: 'staff', id: userId, name: email };
    if (actor.device && input.customer_id !== undefined)
      throw new AppError('FORBIDDEN', messages.devicesServer.staffOnly);
    if (actor.device && !input.customer) throw new AppError('BAD_REQUEST', server.customerRequired);
    checkIdempotencyKey(idempotencyKey);
    // The list as the server read it (defaults filled): the same list sent again hashes alike.
    const fingerprint = fingerprintOf({ items: input.items, customer: input.customer, customer_id: input.customer_id });
    const sameList = (earlier: { buy_number: string; callout: number; idempotency_fingerprint: string | null }) => {
      if (earlier.idempotency_fingerprint !== null && earlier.idempotency_fingerprint !== fingerprint)
        throw new AppError('IDEMPOTENCY_MISMATCH', messages.ordersServer.idempotencyMismatch);
      return {
        message: server.submitted(earlier.buy_number),
        buy_number: earlier.buy_number,
        callout: String(earlier.callout),
      };
    };
    /** The seller: the shop's customer named by id, or found by e-mail or phone, or added; or none. */
    const customerOf = async (tx: Tx, at: string) => {
      if (input.customer_id !== undefined) {
        const customer = await customersRepository.find(tx, shopId, input.customer_id);
        if (!customer) throw new AppError('NOT_FOUND', messages.customers.server.notFound);
        return customer.id;
      }
      return input.customer ? (await customersRepository.findOrCreate(tx, shopId, input.customer, at)).id : null;
    };
    for (let attempt = 1; ; attempt++) {
      const at = now();
      try {
        return await withTransaction(ctx.db, async (tx) => {
          if (idempotencyKey) {
            const earlier = await repo.byIdempotencyKey(tx, shopId, idempotencyKey);
            if (earlier) return sameList(earlier);
          }
          const customerId = await customerOf(tx, at);
          const lines = input.items.map((i) => ({ ...i, card_id: i.scryfall_id }));
          const pricing = await pricingFor(
            tx,
            shopId,
            lines.map((l) => l.card_id),
          );
          requireKnown(
            pricing,
            lines.map((l) => l.card_id),
          );
          const offers = offersOf(lines, pricing);
          // Buy orders count their own callouts, apart from orders' ("B" days in the same counters).
          const { number: buyNumber, callout } = await nextNumber(tx, 'B', shopId, source.id, at);
          await repo.insert(
            tx,
            {
              shop_id: shopId,
              buy_number: buyNumber,
              callout,
              source_kind: source.kind,
              source_id: source.id,
              source_name: source.name,
              customer_id: customerId,
              status: 'pending',
              idempotency_key: idempotencyKey ?? null,
              idempotency_fingerprint: idempotencyKey ? fingerprint : null,
              created_at: at,
            },
            lines.map((l, position) => {
              const card = pricing.cards.get(l.card_id)!;
              return {
                shop_id: shopId,
                position,
                card_id: l.card_id,
                card_name: card.name,
                set_code: card.set_code,
                collector_number: card.collector_number,
                finish: l.finish,
                quality: l.quality,
                language: l.language,
                quantity: l.quantity,
                graded: 0,
                ...storableOffer(offers[position]!),
              };
            }),
          );
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'buylist.submit',
            subject: buyNumber,
            detail: { lines: lines.length, customer_id: customerId },
            created_at: at,
          });
          return { message: server.submitted(buyNumber), buy_number: buyNumber, callout: String(callout) };
        });
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        // A concurrent retry with the same key committed first (PostgreSQL): answer with its buy order.
        if (idempotencyKey) {
          const earlier = await repo.byIdempotencyKey(ctx.db, shopId, idempotencyKey);
          if (earlier) return sameList(earlier);
        }
        // Two sellers giving the same new e-mail or phone at once (PostgreSQL): the one that lost the race on the
        // unique index finds the customer the other added when it tries again. Nothing of a refusal is kept.
        if (attempt >= 2) throw err;
      }
    }
  };
}
