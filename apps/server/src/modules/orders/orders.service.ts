import { createHash } from 'node:crypto';
import {
  pricingRuleOf,
  centsToDollars,
  dollarsToCents,
  finishOf,
  languageOf,
  marketPriceOf,
  formatUsd,
  messages,
  priceCents,
  qualityOf,
  routes,
  type CartLine,
  type ReservationLimits,
  type ExpiredOrder,
  type RejectedOrder,
  type HistoryOrder,
  type PendingOrder,
  type PricingRule,
  reservationLimitsOf,
} from '@cardstock/contract';
import { sql } from 'kysely';
import { afterCommit, isUniqueViolation, withTransaction, type Executor, type Tx } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AnswerCache } from '../../lib/answer-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { Serialized } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { buylistRepository, EMPLOYEE_LIMIT_WINDOW_MS } from '../buylist/buylist.repository.ts';
import { appendCredit } from '../customers/credit-ledger.ts';
import { customersRepository } from '../customers/customers.repository.ts';
import type { StockWriter } from '../inventory/read-model.ts';
import { stockWrites, type StockWrites } from '../inventory/stock-writes.ts';
import { inventoryRepository } from '../inventory/inventory.repository.ts';
import { sealedRepository } from '../sealed/sealed.repository.ts';
import { settingsRepository } from '../settings/settings.repository.ts';
import { ordersRepository as repo, type OrderLineRow, type OrderRow } from './orders.repository.ts';
import { nextNumber } from './order-number.ts';
import { holdForPickup, pickupUntilOf } from './pickup.service.ts';
import type { ReservationMails } from './reservation-mails.ts';

const HISTORY_LIMIT = 500;
/** Reservations one pass of the expiry sweep ends, per transaction batch. */
const EXPIRY_BATCH = 100;

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
interface Customer {
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

/** A refusal that names each card short of stock and how many are left. */
class NotEnoughStock extends AppError {
  constructor(readonly shortages: string[]) {
    super('CONFLICT', shortages.join(' '));
  }
}

/** Online keys live apart from staff and tablet keys, so one can never answer with the other's order. */
const onlineKey = (key: string) => `online:${key}`;

/** A cart line that names a printing. */
type CardLine = CartLine & { scryfall_id: string };

/**
 * Lines of the same printing, finish, language, flags and condition add up, as a cart merges
 * them; so do lines of the same sealed product. They come out in one order for
 * every cart (printings by id, finish and condition, then sealed products by
 * id), so concurrent orders lock stock rows in the same order and never wait on
 * each other in a circle; rejecting gives back in that order too.
 */
function mergeLines(items: CartLine[]) {
  const cards = new Map<string, CardLine & { position: number }>();
  const sealed = new Map<number, { sealed_id: number; quantity: number; position: number }>();
  items.forEach((item, position) => {
    if (item.sealed_id !== undefined) {
      const prev = sealed.get(item.sealed_id);
      sealed.set(item.sealed_id, {
        sealed_id: item.sealed_id,
        quantity: (prev?.quantity ?? 0) + item.quantity,
        position: prev?.position ?? position,
      });
      return;
    }
    const line = item as CardLine;
    const key = `${line.scryfall_id}|${line.finish}|${line.language}|${line.signed}|${line.altered}|${line.quality ?? ''}`;
    const prev = cards.get(key);
    cards.set(key, prev ? { ...prev, quantity: prev.quantity + line.quantity } : { ...line, position });
  });
  return {
    cards: [...cards.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, line]) => line),
    sealed: [...sealed.values()].sort((a, b) => a.sealed_id - b.sealed_id),
  };
}

/**
 * A cart line as it was fingerprinted before the flags existed: an unflagged line's hash stays the same, so a
 * retried order keeps matching the one it repeats.
 */
function withoutUnsetFlags({ signed, altered, ...line }: CartLine) {
  return { ...line, ...(signed ? { signed } : {}), ...(altered ? { altered } : {}) };
}

/** `names`: the shop's customers' names by id, for the orders that name one (customersRepository.namesOf). */
function toOrder(order: OrderRow, lines: OrderLineRow[], names?: Map<number, string>): PendingOrder {
  return {
    order_number: order.order_number,
    callout: String(order.callout),
    status: order.status as PendingOrder['status'],
    timestamp: order.created_at,
    source: order.source_name,
    source_kind: order.source_kind as PendingOrder['source_kind'],
    customer:
      order.customer_email === null
        ? null
        : { name: order.customer_name ?? '', email: order.customer_email, phone: order.customer_phone ?? '' },
    hold_until: order.status === 'pending' ? order.hold_until : null,
    customer_id: order.customer_id,
    store_credit: centsToDollars(order.store_credit_cents),
    customer_name:
      (order.customer_id === null ? undefined : names?.get(order.customer_id)) ??
      (order.customer_email === null ? null : (order.customer_name ?? '')),
    total_items: order.total_items,
    total: centsToDollars(order.total_cents),
    items: lines.map((l) => ({
      scryfall_id: l.card_id,
      sealed_id: l.sealed_id,
      kind: l.card_id === '' ? ('sealed' as const) : ('single' as const),
      card_name: l.card_name,
      set_code: l.set_code.toUpperCase(),
      finish: finishOf(l.finish),
      quality: qualityOf(l.quality),
      language: languageOf(l.language),
      signed: l.signed === 1,
      altered: l.altered === 1,
      quantity: l.quantity,
      price: centsToDollars(l.unit_price_cents),
      item_total: centsToDollars(l.unit_price_cents * l.quantity),
    })),
  };
}

export function createOrdersService(ctx: AppContext, stock: StockWriter, mails: ReservationMails) {
  const now = () => ctx.clock.now().toISOString();
  const writes = stockWrites(stock);
  /** Each shop's pending queue under its orders version; a queue of 500 orders is a few hundred KB. */
  const pendingAnswers = new AnswerCache(16 * 1024 * 1024);

  /** Mails an online customer once the transaction has committed; a mail that fails is logged, never the order's failure. */
  function mailAfterCommit(tx: Tx, send: () => Promise<void>) {
    afterCommit(tx, () => {
      send().catch((err: unknown) => ctx.log.error({ err }, 'a reservation mail could not be sent'));
      return Promise.resolve();
    });
  }

  /**
   * Takes every line's copies from the shop's rows (best condition first),
   * priced by the shop's rule as they are now. A copy without a price (422)
   * or any shortage refuses the whole order, naming each card.
   */
  async function reserve(
    tx: Executor,
    shopId: number,
    items: CartLine[],
    rule: PricingRule,
    at: string,
    taking: ReturnType<StockWrites['taking']>,
  ) {
    const lines: Parameters<typeof repo.insert>[2] = [];
    // What cannot be filled, told in the cart's order.
    const shortages: { position: number; text: string }[] = [];
    // Cards with no price to sell at (no asking price, no market price), in the cart's order.
    const unpriced: { position: number; name: string }[] = [];
    const merged = mergeLines(items);
    for (const item of merged.cards) {
      const rows = await repo.stockFor(tx, shopId, {
        cardId: item.scryfall_id,
        finish: item.finish,
        quality: item.quality,
        language: item.language,
        signed: Number(item.signed),
        altered: Number(item.altered),
      });
      if (rows.length === 0) {
        const card = await repo.cardName(tx, item.scryfall_id);
        shortages.push({
          position: item.position,
          text: messages.ordersServer.notInInventory(card?.name ?? item.scryfall_id),
        });
        continue;
      }
      const available = rows.reduce((n, r) => n + r.quantity, 0);
      if (available < item.quantity) {
        shortages.push({ position: item.position, text: messages.ordersServer.notEnough(rows[0]!.name, available) });
        continue;
      }
      let wanted = item.quantity;
      for (const row of rows) {
        if (wanted === 0) break;
        const take = Math.min(wanted, row.quantity);
        if (take === 0) continue;
        // The row may have changed since it was read (another order, on PostgreSQL): then it is short.
        const remaining = await taking.take(row.id, take, at);
        if (remaining === undefined) throw new NotEnoughStock([messages.ordersServer.notEnough(row.name, 0)]);
        wanted -= take;
        const market = marketPriceOf(row, item.finish);
        const quality = qualityOf(row.quality);
        const price = priceCents({
          askingCents: row.asking_price,
          marketCents: market,
          quality,
          language: item.language,
          rule,
        });
        // Under a cent is no price (an old $0 asking price, a $0 market price): it would sell for $0, as sealed.
        if (price === null || price < 1) {
          if (!unpriced.some((u) => u.name === row.name)) unpriced.push({ position: item.position, name: row.name });
          continue;
        }
        lines.push({
          shop_id: shopId,
          inventory_id: row.id,
          card_id: item.scryfall_id,
          card_name: row.name,
          set_code: row.set_code,
          finish: item.finish,
          quality,
          language: item.language,
          signed: Number(item.signed),
          altered: Number(item.altered),
          quantity: take,
          unit_price_cents: price,
          // What a copy of this row cost the shop when it is known (bought from customers): the margin's other half.
          unit_cost_cents: row.cost_cents,
        });
      }
    }
    for (const item of merged.sealed) {
      const product = await sealedRepository.find(tx, shopId, item.sealed_id);
      if (!product) {
        shortages.push({ position: item.position, text: messages.ordersServer.noSuchSealed(item.sealed_id) });
        continue;
      }
      // A product without a price (0) is not for sale, as a card without one.
      if (product.price <= 0) {
        unpriced.push({ position: item.position, name: product.name });
        continue;
      }
      const remaining = await repo.takeSealed(tx, shopId, product.id, item.quantity, at);
      if (remaining === undefined) {
        const left = (await sealedRepository.find(tx, shopId, product.id))?.quantity ?? 0;
        shortages.push({ position: item.position, text: messages.ordersServer.notEnough(product.name, left) });
        continue;
      }
      lines.push({
        shop_id: shopId,
        inventory_id: null,
        sealed_id: product.id,
        card_id: '',
        card_name: product.name,
        set_code: product.set_code,
        finish: 'nonfoil',
        quality: 'NM',
        // Named on every line: a multi-row insert on SQLite writes NULL, not the default, for a missing column.
        language: 'en',
        signed: 0,
        altered: 0,
        quantity: item.quantity,
        unit_price_cents: product.price,
        unit_cost_cents: null,
      });
    }
    // Never a sale at $0: the whole order is refused, nothing reserved (the transaction rolls back).
    if (unpriced.length)
      throw new AppError(
        'NO_PRICE',
        messages.ordersServer.noPrice(unpriced.sort((a, b) => a.position - b.position).map((u) => u.name)),
      );
    if (shortages.length)
      throw new NotEnoughStock(shortages.sort((a, b) => a.position - b.position).map((s) => s.text));
    return lines;
  }

  async function ordersWithLines(orders: OrderRow[]) {
    const lines = orders.length
      ? await repo.linesOf(
          ctx.db,
          orders.map((o) => o.id),
        )
      : [];
    const byOrder = new Map<number, OrderLineRow[]>();
    for (const line of lines) {
      const list = byOrder.get(line.order_id);
      if (list) list.push(line);
      else byOrder.set(line.order_id, [line]);
    }
    return orders.map((o) => ({ order: o, lines: byOrder.get(o.id) ?? [] }));
  }

  /**
   * Puts a decided order's copies back, on their rows or, if a row is gone, on a new one; a sealed product's units
   * on the product (a product removed since has nowhere to take them). Rejecting and expiring both give back here.
   */
  async function giveBack(tx: Tx, shopId: number, orderId: number, at: string) {
    const lines = await repo.linesOf(tx, [orderId]);
    for (const line of lines)
      if (line.card_id === '' && line.sealed_id !== null)
        await repo.giveBackSealed(tx, shopId, line.sealed_id, line.quantity, at);
    await writes.giveBack(
      tx,
      shopId,
      lines.filter((line) => line.card_id !== ''),
      at,
    );
  }

  /** Gives a rejected order's store credit back to its customer, in the rejection's transaction. */
  async function refundCredit(tx: Tx, shopId: number, order: OrderRow, by: string, at: string) {
    if (order.customer_id === null || order.store_credit_cents <= 0) return;
    const customer = await customersRepository.find(tx, shopId, order.customer_id);
    if (!customer) return;
    await appendCredit(
      tx,
      {
        shopId,
        customerId: customer.id,
        kind: 'order_refund',
        amountCents: order.store_credit_cents,
        reference: order.order_number,
        actor: by,
        at,
      },
      {
        action: 'credit.refund',
        detail: () => ({
          name: customer.name,
          order: order.order_number,
          amount: centsToDollars(order.store_credit_cents),
        }),
      },
    );
  }

  /** The names of the shop's customers these orders are for. */
  function customerNames(shopId: number, orders: { order: OrderRow }[]) {
    const ids = [...new Set(orders.map(({ order }) => order.customer_id).filter((id): id is number => id !== null))];
    return customersRepository.namesOf(ctx.db, shopId, ids);
  }

  /**
   * Moves a pending order on; `after` runs in the same transaction. An online reservation's customer is mailed once
   * it has committed: ready for pickup, or rejected with the shop's reason.
   */

  async function decide(
    actor: Actor,
    orderNumber: string,
    status: 'confirmed' | 'rejected',
    after: (tx: Tx, shopId: number, order: OrderRow, at: string) => Promise<void>,
    reason: string | null = null,
  ): Promise<number> {
    const { shopId, email, role } = requireRole(actor, 'orders:decide');
    const at = now();
    await withTransaction(ctx.db, async (tx) => {
      const order = await repo.find(tx, shopId, orderNumber);
      if (!order) throw new AppError('NOT_FOUND', messages.ordersServer.notFound(orderNumber));
      // Credit an Employee granted, spent on an order the same Employee confirms, would be money out of the shop
      // that no Owner or Manager saw (issue 38): within the day, one of them confirms it.
      if (
        status === 'confirmed' &&
        role === 'Employee' &&
        order.customer_id !== null &&
        order.store_credit_cents > 0 &&
        order.status === 'pending' &&
        (await buylistRepository.grantedCreditSince(
          tx,
          shopId,
          order.customer_id,
          email,
          new Date(Date.parse(at) - EMPLOYEE_LIMIT_WINDOW_MS).toISOString(),
        ))
      )
        throw new AppError('FORBIDDEN', messages.ordersServer.confirmOwnCredit(orderNumber));
      if (!(await repo.decide(tx, order.id, status, email, at, reason))) {
        const current = await repo.find(tx, shopId, orderNumber);
        throw new AppError('CONFLICT', messages.ordersServer.notPending(orderNumber, current?.status ?? order.status));
      }
      await after(tx, shopId, order, at);
      await auditRepository.record(tx, {
        shop_id: shopId,
        actor: email,
        action: status === 'confirmed' ? 'order.confirm' : 'order.reject',
        subject: orderNumber,
        detail: reason ? JSON.stringify({ reason }) : '{}',
        created_at: at,
      });
      if (order.source_kind === 'online' && order.customer_email !== null) {
        // As `after` left it: a confirmation has fixed the pickup deadline the mail names.
        const decided = (await repo.find(tx, shopId, orderNumber)) ?? { ...order, status, decided_at: at, reason };
        const lines = await repo.linesOf(tx, [order.id]);
        mailAfterCommit(tx, () =>
          status === 'confirmed' ? mails.ready(decided, lines) : mails.rejected(decided, lines),
        );
      }
    });
    return shopId;
  }

  /**
   * The one door every order goes through: stock is reserved in the same transaction as the order is written, so
   * two clients can never both take the last copy, and the same Idempotency-Key again answers with the first order
   * instead of placing a second. `stored` is the key as kept (online keys have a space of their
   * own), `fingerprint` what the key was first sent with; `check` runs in the transaction before anything is taken.
   */
  async function placeAs(
    shopId: number,
    source: OrderSource,
    items: CartLine[],
    key: { stored: string; fingerprint: string } | null,
    options: {
      customer?: Customer;
      credit?: CreditPayment;
      check?: (tx: Tx) => Promise<void>;
      /** Runs on the priced lines before the order is written: a throw refuses the order whole. */
      limit?: (
        tx: Tx,
        lines: { card_id: string; card_name: string; sealed_id?: number | null; quantity: number }[],
        totalCents: number,
      ) => Promise<void>;
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
        const payer = credit && (await customersRepository.find(tx, shopId, credit.customerId));
        if (credit && !payer) throw new AppError('NOT_FOUND', messages.customers.server.notFound);
        const pricing = await inventoryRepository.pricingOf(tx, shopId);
        const taking = writes.taking(tx, shopId);
        const lines = await reserve(tx, shopId, items, pricingRuleOf(pricing), at, taking);
        const totalCents = lines.reduce((n, l) => n + l.unit_price_cents * l.quantity, 0);
        await options.limit?.(tx, lines, totalCents);
        if (credit && credit.cents > totalCents)
          throw new AppError('BAD_REQUEST', messages.customers.server.creditOverTotal);
        const { number: orderNumber, callout } = await nextNumber(tx, '', shopId, source.id, at);
        const order = {
          shop_id: shopId,
          order_number: orderNumber,
          callout,
          source_kind: source.kind,
          source_id: source.id,
          source_name: source.name,
          status: 'pending',
          idempotency_key: key?.stored ?? null,
          idempotency_fingerprint: key?.fingerprint ?? null,
          total_items: lines.reduce((n, l) => n + l.quantity, 0),
          total_cents: totalCents,
          created_at: at,
          customer_name: customer?.name ?? null,
          customer_email: customer?.email ?? null,
          customer_phone: customer?.phone ?? null,
          customer_ip: customer?.ip ?? null,
          hold_until: customer ? new Date(Date.parse(at) + customer.holdHours * 3_600_000).toISOString() : null,
          customer_id: credit?.customerId ?? null,
          store_credit_cents: credit?.cents ?? 0,
        };
        const orderId = await repo.insert(tx, order, lines);
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
              action: 'credit.spend',
              detail: () => ({ name: payer.name, order: orderNumber, amount: centsToDollars(credit.cents) }),
            },
          );
          if (balance === undefined) {
            const current = await customersRepository.find(tx, shopId, credit.customerId);
            throw new AppError('CONFLICT', messages.customers.server.creditOverBalance(current?.balance_cents ?? 0));
          }
        }
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: source.actor,
          action: customer ? 'order.reserve' : 'order.place',
          subject: orderNumber,
          detail: JSON.stringify({ lines: lines.length }),
          created_at: at,
        });
        await taking.done();
        if (customer) {
          const placed = { ...order, id: orderId, decided_at: null, decided_by: null, reason: null };
          const written = await repo.linesOf(tx, [orderId]);
          mailAfterCommit(tx, () => mails.placed(placed, written));
        }
        return { orderNumber };
      });
    } catch (err) {
      // A concurrent retry with the same key committed first (PostgreSQL): answer with its order.
      if (key && isUniqueViolation(err)) {
        const earlier = await repo.byIdempotencyKey(ctx.db, shopId, key.stored);
        if (earlier) return sameCart(earlier);
      }
      throw err;
    }
  }

  /**
   * Ends the pending online reservations whose hold is over (of one shop, or of all): each is marked expired, its
   * stock given back as a rejection gives it, audited, and its customer mailed. An order another server or the shop
   * decided meanwhile is left as it is. Answers how many it ended.
   */
  async function expireHolds(shopId?: number): Promise<number> {
    let ended = 0;
    for (;;) {
      const at = now();
      const due = await repo.expiredHolds(ctx.db, at, EXPIRY_BATCH, shopId);
      for (const { id, shop_id, order_number } of due) {
        const done = await withTransaction(ctx.db, async (tx) => {
          if (!(await repo.decide(tx, id, 'expired', 'system', at))) return false;
          await giveBack(tx, shop_id, id, at);
          await auditRepository.record(tx, {
            shop_id,
            actor: 'system',
            action: 'order.expire',
            subject: order_number,
            detail: '{}',
            created_at: at,
          });
          const order = await repo.find(tx, shop_id, order_number);
          const lines = await repo.linesOf(tx, [id]);
          if (order) mailAfterCommit(tx, () => mails.expired(order, lines));
          return true;
        });
        if (done) ended++;
      }
      if (due.length < EXPIRY_BATCH) return ended;
    }
  }

  return {
    /**
     * Places a staff or tablet order through the one door (`placeAs`): stock reserved in the same transaction, the
     * same Idempotency-Key again answering the first order.
     */
    async place(
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
      if (idempotencyKey !== undefined && (idempotencyKey.length === 0 || idempotencyKey.length > 200))
        throw new AppError('BAD_REQUEST', messages.ordersServer.badIdempotencyKey);
      // The cart as the server read it (defaults filled, "2" read as 2): the same cart sent again hashes alike.
      const key = idempotencyKey
        ? {
            stored: idempotencyKey,
            // The customer and the credit count only when sent, so a cart's hash from before them stays the same.
            fingerprint: createHash('sha256')
              .update(
                JSON.stringify(
                  paying
                    ? {
                        items: items.map(withoutUnsetFlags),
                        customer_id: payment.customer_id,
                        store_credit: creditCents,
                      }
                    : items.map(withoutUnsetFlags),
                ),
              )
              .digest('hex'),
          }
        : null;
      const { orderNumber } = await placeAs(shopId, source, items, key, { credit });
      return { message: messages.ordersServer.placed(orderNumber), order_number: orderNumber };
    },

    /**
     * A customer's online reservation at a public shop (the caller checked the shop, the captcha and the limits):
     * placed through the same door as a staff order, as source "Online" (id 0), held `holdHours` for the shop to
     * confirm. The key is required and kept apart from staff keys; its fingerprint covers the cart and the e-mail.
     * The shop's own limits are checked in the same transaction, so a burst of requests cannot pass them together:
     * open reservations per e-mail and per address and the copies all open reservations hold (409), then, on the
     * priced lines, copies of one printing, lines and value of this reservation (400). Each refusal names its limit.
     */
    async reserveOnline(
      shopId: number,
      holdHours: number,
      limits: ReservationLimits,
      input: { items: CartLine[]; name: string; email: string; phone: string },
      idempotencyKey: string,
      ip: string,
    ) {
      const email = input.email.toLowerCase();
      const fingerprint = createHash('sha256')
        .update(JSON.stringify({ items: input.items.map(withoutUnsetFlags), email }))
        .digest('hex');
      const customer: Customer = { name: input.name, email, phone: input.phone, holdHours, ip };
      const { orderNumber } = await placeAs(
        shopId,
        { kind: 'online', id: 0, name: 'Online', actor: email },
        input.items,
        { stored: onlineKey(idempotencyKey), fingerprint },
        {
          customer,
          async check(tx) {
            // A shop's reservations are counted one at a time (PostgreSQL; SQLite writes one at a time anyway), so
            // the caps per e-mail, per address and of held copies hold under a burst.
            if (ctx.engine === 'postgres')
              await sql`select pg_advisory_xact_lock(hashtext(${`reservation|${shopId}`}))`.execute(tx);
            const open = await repo.openReservationCounts(tx, shopId, email, ip);
            if (open.byEmail >= limits.max_open_per_email)
              throw new AppError('CONFLICT', messages.reservationsServer.tooManyOpen(limits.max_open_per_email));
            if (open.byAddress >= limits.max_open_per_address)
              throw new AppError(
                'CONFLICT',
                messages.reservationsServer.tooManyOpenFromAddress(limits.max_open_per_address),
              );
          },
          async limit(tx, lines, totalCents) {
            const copies = new Map<string, { name: string; n: number }>();
            for (const l of lines) {
              const printing = l.card_id === '' ? `sealed|${l.sealed_id}` : l.card_id;
              const seen = copies.get(printing) ?? { name: l.card_name, n: 0 };
              copies.set(printing, { name: seen.name, n: seen.n + l.quantity });
            }
            for (const { name, n } of copies.values())
              if (n > limits.max_copies_per_printing)
                throw new AppError(
                  'BAD_REQUEST',
                  messages.reservationsServer.tooManyCopies(limits.max_copies_per_printing, name),
                );
            if (lines.length > limits.max_lines)
              throw new AppError('BAD_REQUEST', messages.reservationsServer.tooManyLines(limits.max_lines));
            if (totalCents > dollarsToCents(limits.max_total))
              throw new AppError(
                'BAD_REQUEST',
                messages.reservationsServer.overValue(
                  formatUsd(limits.max_total),
                  formatUsd(centsToDollars(totalCents)),
                ),
              );
            const copiesHere = lines.reduce((n, l) => n + l.quantity, 0);
            if ((await repo.heldCopies(tx, shopId)) + copiesHere > limits.max_held_copies)
              throw new AppError('CONFLICT', messages.reservationsServer.notTakingNow);
          },
        },
      );
      return { orderNumber };
    },

    /** The first answer to an online key already used at the shop, or undefined: a retry needs no captcha again. */
    async earlierReservation(shopId: number, idempotencyKey: string) {
      return repo.byIdempotencyKey(ctx.db, shopId, onlineKey(idempotencyKey));
    },

    expireHolds,

    /** The one give-back of an order's copies, for the pickup use case's no-show (pickup.service.ts). */
    giveBack,

    /**
     * Where a customer's reservation stands, found by number and e-mail (case ignored); expired holds of the shop
     * are ended first, so the answer is right without waiting for the sweep. Undefined when there is no such pair.
     */
    async reservationStatus(shopId: number, orderNumber: string, email: string) {
      await expireHolds(shopId);
      const order = await repo.reservation(ctx.db, shopId, orderNumber, email.toLowerCase());
      if (!order) return undefined;
      const [lines, place] = await Promise.all([repo.linesOf(ctx.db, [order.id]), repo.pickupPlace(ctx.db, shopId)]);
      return { order, lines, place };
    },

    /**
     * The pending queue, kept serialized under the shop's orders version: every staff screen and tablet polls it, and
     * between two order writes every poll gets the same answer. The version is read before the orders, so an answer
     * is never kept under a version older than what it shows (a write in between only makes the next poll read again).
     */
    async pending(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      let state = await repo.ordersState(ctx.db, shopId, now());
      // Reservations past their hold leave the list now, not at the sweep's next turn.
      if (state.holdsDue && (await expireHolds(shopId)) > 0) state = await repo.ordersState(ctx.db, shopId, now());
      return pendingAnswers.get(`pending:${shopId}:${state.version}`, async () => {
        const orders = await ordersWithLines(await repo.list(ctx.db, shopId, 'pending', HISTORY_LIMIT));
        const names = await customerNames(shopId, orders);
        return Serialized.of(routes.pendingOrders.response, {
          success: true as const,
          data: { orders: orders.map(({ order, lines }) => toOrder(order, lines, names)) },
        });
      });
    },

    async history(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      const orders = await ordersWithLines(await repo.list(ctx.db, shopId, 'history', HISTORY_LIMIT));
      const names = await customerNames(shopId, orders);
      const { pickup_days } = reservationLimitsOf((await settingsRepository.shop(ctx.db, shopId)).reservation_limits);
      return {
        success: true as const,
        data: {
          orders: orders.map(({ order, lines }): HistoryOrder => ({
            ...toOrder(order, lines, names),
            confirmed_timestamp: order.decided_at ?? order.created_at,
            pickup_until: pickupUntilOf(order, pickup_days),
            closed_timestamp: order.closed_at,
          })),
        },
      };
    },

    /** The shop's online reservations that expired, newest first; holds past their time are ended first. */
    async expired(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      await expireHolds(shopId);
      const orders = await ordersWithLines(await repo.list(ctx.db, shopId, 'expired', HISTORY_LIMIT));
      const names = await customerNames(shopId, orders);
      return {
        success: true as const,
        data: {
          orders: orders.map(({ order, lines }): ExpiredOrder => ({
            ...toOrder(order, lines, names),
            status: 'expired',
            expired_timestamp: order.decided_at ?? order.created_at,
          })),
        },
      };
    },

    /** The shop's rejected orders, newest first, with the reason the shop gave. */
    async rejected(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      const orders = await ordersWithLines(await repo.list(ctx.db, shopId, 'rejected', HISTORY_LIMIT));
      const names = await customerNames(shopId, orders);
      return {
        success: true as const,
        data: {
          orders: orders.map(({ order, lines }): RejectedOrder => ({
            ...toOrder(order, lines, names),
            status: 'rejected',
            rejected_timestamp: order.decided_at ?? order.created_at,
            reason: order.reason,
          })),
        },
      };
    },

    async confirm(actor: Actor, orderNumber: string) {
      await decide(actor, orderNumber, 'confirmed', holdForPickup);
      return { message: messages.ordersServer.confirmed(orderNumber) };
    },

    /**
     * Rejects a pending order and puts its copies back; the shop's reason, when it gives one, is kept on the order
     * and mailed to an online customer.
     */
    async reject(actor: Actor, orderNumber: string, reason?: string) {
      await decide(
        actor,
        orderNumber,
        'rejected',
        async (tx, shopId, order, at) => {
          await giveBack(tx, shopId, order.id, at);
          await refundCredit(tx, shopId, order, actor.email, at);
        },
        reason || null,
      );
      return { message: messages.ordersServer.rejected(orderNumber) };
    },
  };
}
