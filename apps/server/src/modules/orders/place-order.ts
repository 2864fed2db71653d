import { centsToDollars, dollarsToCents, messages, pricingRuleOf, type CartLine } from '@cardstock/contract';
import { isUniqueViolation, withTransaction, type Tx } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { checkIdempotencyKey, fingerprintOf } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { appendCredit } from '../customers/credit-ledger.ts';
import { customersRepository } from '../customers/customers.repository.ts';
import { inventoryRepository } from '../inventory/inventory.repository.ts';
import type { StockWrites } from '../inventory/stock-writes.ts';
import { nextNumber } from './order-number.ts';
import { reserveStock } from './order-stock.ts';
import { ordersRepository as repo, type OrderLineRow } from './orders.repository.ts';
import { mailAfterCommit, type ReservationMails } from './reservation-mails.ts';

/**
 * Who places an order: a staff member, a paired tablet, or a customer online (source id 0, named "Online"); `actor`
 * is who the audit log names.
 */
interface OrderSource {
  kind: 'staff' | 'device' | 'online';
  id: number;
  name: string;
  actor: string;
}

/** An online reservation's customer (e-mail stored lower-case) and how many hours from placing the shop holds it. */
export interface OnlineCustomer {
  name: string;
  email: string;
  phone: string;
  holdHours: number;
  /** The client address it was placed from, counted against the shop's open reservations per address. */
  ip: string;
}

/** A staff order for one of the shop's customers, part or all of it paid with their store credit (cents, ≥ 0). */
interface CreditPayment {
  customerId: number;
  cents: number;
}

/**
 * A cart line as it was fingerprinted before the flags existed: an unflagged line's hash stays the same, so a
 * retried order keeps matching the one it repeats.
 */
export function withoutUnsetFlags({ signed, altered, ...line }: CartLine) {
  return { ...line, ...(signed ? { signed } : {}), ...(altered ? { altered } : {}) };
}

/** What a register sale's pricing decided, before its order is written (issue 44, decision 037). */
export interface SalePricing {
  /** The most store credit may pay: the amount due, tax included. */
  creditCapCents: number;
  /** What the order counts as sold for: after the discount, before tax (statistics read orders' totals). */
  totalCents: number;
  /** Each line's share of the sale's discount and tax, in the order of the priced lines. */
  shares: readonly { discount_cents: number; tax_cents: number }[];
}

export function orderDoor(ctx: AppContext, writes: StockWrites, mails: ReservationMails) {
  const now = () => ctx.clock.now().toISOString();

  /**
   * The one door every order goes through: stock is reserved in the same transaction as the order is written, so
   * two clients can never both take the last copy, and the same Idempotency-Key again answers with the first order
   * instead of placing a second. `stored` is the key as kept (online keys have a space of their
   * own), `fingerprint` what the key was first sent with; `check` runs in the transaction before anything is taken.
   */
  return async function placeAs(
    shopId: number,
    source: OrderSource,
    // Or how to read them in the order's transaction, after a retry is recognised (the register's scanned codes).
    items: CartLine[] | ((tx: Tx) => Promise<CartLine[]>),
    key: { stored: string; fingerprint: string } | null,
    options: {
      customer?: OnlineCustomer;
      credit?: CreditPayment;
      check?: (tx: Tx) => Promise<void>;
      /**
       * Runs on the priced lines before the order is written: a throw refuses the order whole. A register sale answers
       * what its pricing decided (`SalePricing`), written with the order and its lines rather than after them.
       */
      limit?: (
        tx: Tx,
        lines: {
          card_id: string;
          card_name: string;
          sealed_id?: number | null;
          quantity: number;
          unit_price_cents: number;
        }[],
        totalCents: number,
      ) => Promise<SalePricing | void>;
      /**
       * A sale rung up at the register (issue 44): the order is confirmed as it is written, by this actor, and audited
       * by `then` (one entry for the sale) instead of as an order placed.
       */
      confirmedBy?: string;
      /** Runs once the order is written, in its transaction: a throw still refuses the whole order. */
      then?: (tx: Tx, placed: { orderId: number; orderNumber: string; lines: OrderLineRow[] }) => Promise<void>;
    } = {},
  ): Promise<{ orderNumber: string }> {
    const sameCart = (earlier: { order_number: string; idempotency_fingerprint: string | null }) => {
      if (earlier.idempotency_fingerprint !== null && earlier.idempotency_fingerprint !== key?.fingerprint)
        throw new AppError('IDEMPOTENCY_MISMATCH', messages.ordersServer.idempotencyMismatch);
      return { orderNumber: earlier.order_number };
    };
    const at = now();
    const { customer, credit } = options;
    try {
      return await withTransaction(ctx.db, async (tx) => {
        if (key) {
          const earlier = await repo.byIdempotencyKey(tx, shopId, key.stored);
          if (earlier) return sameCart(earlier);
        }
        await options.check?.(tx);
        const cart = typeof items === 'function' ? await items(tx) : items;
        const payer = credit && (await customersRepository.find(tx, shopId, credit.customerId));
        if (credit && !payer) throw new AppError('NOT_FOUND', messages.customers.server.notFound);
        const pricing = await inventoryRepository.pricingOf(tx, shopId);
        const taking = writes.taking(tx, shopId);
        const lines = await reserveStock(tx, shopId, cart, pricingRuleOf(pricing), at, taking);
        const totalCents = lines.reduce((n, l) => n + l.unit_price_cents * l.quantity, 0);
        const priced = (await options.limit?.(tx, lines, totalCents)) ?? undefined;
        const creditCap = priced?.creditCapCents ?? totalCents;
        if (credit && credit.cents > creditCap)
          throw new AppError('BAD_REQUEST', messages.customers.server.creditOverTotal);
        const { number: orderNumber, callout } = await nextNumber(tx, '', shopId, source.id, at);
        const order = {
          shop_id: shopId,
          order_number: orderNumber,
          callout,
          source_kind: source.kind,
          source_id: source.id,
          source_name: source.name,
          status: options.confirmedBy === undefined ? 'pending' : 'confirmed',
          idempotency_key: key?.stored ?? null,
          idempotency_fingerprint: key?.fingerprint ?? null,
          total_items: lines.reduce((n, l) => n + l.quantity, 0),
          total_cents: priced?.totalCents ?? totalCents,
          created_at: at,
          customer_name: customer?.name ?? null,
          customer_email: customer?.email ?? null,
          customer_phone: customer?.phone ?? null,
          customer_ip: customer?.ip ?? null,
          hold_until: customer ? new Date(Date.parse(at) + customer.holdHours * 3_600_000).toISOString() : null,
          customer_id: credit?.customerId ?? null,
          store_credit_cents: credit?.cents ?? 0,
        };
        const { id: orderId, lines: written } = await repo.insert(
          tx,
          options.confirmedBy === undefined ? order : { ...order, decided_at: at, decided_by: options.confirmedBy },
          priced
            ? lines.map((line, i) => ({
                ...line,
                discount_cents: priced.shares[i]!.discount_cents,
                tax_cents: priced.shares[i]!.tax_cents,
              }))
            : lines,
        );
        if (credit && payer && credit.cents > 0) {
          // In the order's transaction: the credit is spent exactly when the order exists, and a balance two orders
          // reach for at once is spent once (the ledger's guarded update), the other order refused whole.
          const balance = await appendCredit(
            tx,
            {
              shopId,
              customerId: credit.customerId,
              kind: 'order',
              amountCents: -credit.cents,
              reference: orderNumber,
              actor: source.actor,
              at,
            },
            {
              event: () => ({
                action: 'credit.spend',
                detail: { name: payer.name, order: orderNumber, amount: centsToDollars(credit.cents) },
              }),
            },
          );
          if (balance === undefined) {
            const current = await customersRepository.find(tx, shopId, credit.customerId);
            throw new AppError('CONFLICT', messages.customers.server.creditOverBalance(current?.balance_cents ?? 0));
          }
        }
        if (options.confirmedBy === undefined)
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: source.actor,
            action: customer ? 'order.reserve' : 'order.place',
            subject: orderNumber,
            detail: { lines: lines.length },
            created_at: at,
          });
        await options.then?.(tx, { orderId, orderNumber, lines: written });
        await taking.done();
        if (customer) {
          const placed = { ...order, id: orderId, decided_at: null, decided_by: null, reason: null };
          mailAfterCommit(ctx, tx, () => mails.placed(placed, written));
        }
        return { orderNumber };
      });
    } catch (err) {
      // A concurrent retry with the same key committed first (PostgreSQL): answer with its order. It shows as the key
      // taken (the unique index) or, when it took the last copies, as stock gone; whatever this attempt ran into, the
      // retry's answer is the first order's.
      if (key && (isUniqueViolation(err) || err instanceof AppError)) {
        const earlier = await repo.byIdempotencyKey(ctx.db, shopId, key.stored);
        if (earlier) return sameCart(earlier);
      }
      throw err;
    }
  };
}

/** The one door (`orderDoor`): every order, staff, tablet or online, is placed through it. */
export type PlaceAs = ReturnType<typeof orderDoor>;

export function placeOrder(placeAs: PlaceAs) {
  /**
   * Places a staff or tablet order through the one door (`placeAs`): stock reserved in the same transaction, the
   * same Idempotency-Key again answering the first order.
   */
  return async function place(
    actor: Actor,
    items: CartLine[],
    idempotencyKey: string | undefined,
    payment: { customer_id?: number; store_credit?: number } = {},
  ) {
    const { shopId, email, userId } = requireRole(actor, 'orders:place');
    const paying = payment.customer_id !== undefined || payment.store_credit !== undefined;
    // A tablet is the customers' own screen: whose credit it spends is for staff to decide, at the counter.
    if (actor.device && paying) throw new AppError('FORBIDDEN', messages.customers.server.creditAtCounter);
    const creditCents = dollarsToCents(payment.store_credit ?? 0);
    if (creditCents > 0 && payment.customer_id === undefined)
      throw new AppError('BAD_REQUEST', messages.customers.server.creditNeedsCustomer);
    const credit =
      payment.customer_id === undefined ? undefined : { customerId: payment.customer_id, cents: creditCents };
    // Staff order from a session; customers from a paired tablet, named after it.
    const source: OrderSource = actor.device
      ? { kind: 'device', id: actor.device.id, name: actor.device.name, actor: email }
      : { kind: 'staff', id: userId, name: email, actor: email };
    checkIdempotencyKey(idempotencyKey);
    // The cart as the server read it (defaults filled, "2" read as 2): the same cart sent again hashes alike.
    const key = idempotencyKey
      ? {
          stored: idempotencyKey,
          // The customer and the credit count only when sent, so a cart's hash from before them stays the same.
          fingerprint: fingerprintOf(
            paying
              ? {
                  items: items.map(withoutUnsetFlags),
                  customer_id: payment.customer_id,
                  store_credit: creditCents,
                }
              : items.map(withoutUnsetFlags),
          ),
        }
      : null;
    const { orderNumber } = await placeAs(shopId, source, items, key, { credit });
    return { message: messages.ordersServer.placed(orderNumber), order_number: orderNumber };
  };
}
