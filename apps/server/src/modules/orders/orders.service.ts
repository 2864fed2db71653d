import { createHash } from 'node:crypto';
import {
  pricingRuleOf,
  centsToDollars,
  finishOf,
  languageOf,
  marketPriceOf,
  messages,
  priceCents,
  qualityOf,
  type CartLine,
  type HistoryOrder,
  type PendingOrder,
  type PricingRule,
} from '@cardstock/contract';
import { isUniqueViolation, withTransaction, type Executor, type Tx } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { StockWriter } from '../inventory/read-model.ts';
import { inventoryRepository } from '../inventory/inventory.repository.ts';
import { sealedRepository } from '../sealed/sealed.repository.ts';
import { ordersRepository as repo, type OrderLineRow, type OrderRow } from './orders.repository.ts';

const HISTORY_LIMIT = 500;

/** A refusal that names each card short of stock and how many are left. */
class NotEnoughStock extends AppError {
  constructor(readonly shortages: string[]) {
    super('CONFLICT', shortages.join(' '));
  }
}

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

function toOrder(order: OrderRow, lines: OrderLineRow[]): PendingOrder {
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

export function createOrdersService(ctx: AppContext, stock: StockWriter) {
  const now = () => ctx.clock.now().toISOString();

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
    left: Map<number, number>,
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
        const remaining = await repo.take(tx, row.id, take, at);
        if (remaining === undefined) throw new NotEnoughStock([messages.ordersServer.notEnough(row.name, 0)]);
        left.set(row.id, remaining);
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
        if (price === null) {
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

  /** Moves a pending order on; `after` runs in the same transaction. */
  async function decide(
    actor: Actor,
    orderNumber: string,
    status: 'confirmed' | 'rejected',
    after: (tx: Tx, shopId: number, orderId: number, at: string) => Promise<void>,
  ): Promise<number> {
    const { shopId, email } = requireRole(actor, 'orders:decide');
    const at = now();
    await withTransaction(ctx.db, async (tx) => {
      const order = await repo.find(tx, shopId, orderNumber);
      if (!order) throw new AppError('NOT_FOUND', messages.ordersServer.notFound(orderNumber));
      if (!(await repo.decide(tx, order.id, status, email, at))) {
        const current = await repo.find(tx, shopId, orderNumber);
        throw new AppError('CONFLICT', messages.ordersServer.notPending(orderNumber, current?.status ?? order.status));
      }
      await after(tx, shopId, order.id, at);
      await auditRepository.record(tx, {
        shop_id: shopId,
        actor: email,
        action: status === 'confirmed' ? 'order.confirm' : 'order.reject',
        subject: orderNumber,
        detail: '{}',
        created_at: at,
      });
    });
    return shopId;
  }

  return {
    /**
     * Places an order: stock is reserved in the same transaction, so two
     * clients can never both take the last copy. The same Idempotency-Key
     * again answers with the first order instead of placing a second.
     */
    async place(actor: Actor, items: CartLine[], idempotencyKey: string | undefined) {
      const { shopId, email, userId } = requireRole(actor, 'orders:place');
      // Staff order from a session; customers from a paired tablet, named after it.
      const source = actor.device
        ? { kind: 'device', id: actor.device.id, name: actor.device.name }
        : { kind: 'staff', id: userId, name: email };
      if (idempotencyKey !== undefined && (idempotencyKey.length === 0 || idempotencyKey.length > 200))
        throw new AppError('BAD_REQUEST', messages.ordersServer.badIdempotencyKey);
      const answer = (orderNumber: string) => ({
        message: messages.ordersServer.placed(orderNumber),
        order_number: orderNumber,
      });
      // The cart as the server read it (defaults filled, "2" read as 2): the same cart sent again hashes alike.
      const fingerprint = idempotencyKey
        ? createHash('sha256')
            .update(JSON.stringify(items.map(withoutUnsetFlags)))
            .digest('hex')
        : null;
      const sameCart = (earlier: { order_number: string; idempotency_fingerprint: string | null }) => {
        if (earlier.idempotency_fingerprint !== null && earlier.idempotency_fingerprint !== fingerprint)
          throw new AppError('IDEMPOTENCY_MISMATCH', messages.ordersServer.idempotencyMismatch);
        return answer(earlier.order_number);
      };
      const at = now();
      const left = new Map<number, number>();
      try {
        const placed = await withTransaction(ctx.db, async (tx) => {
          if (idempotencyKey) {
            const earlier = await repo.byIdempotencyKey(tx, shopId, idempotencyKey);
            if (earlier) return sameCart(earlier);
          }
          const pricing = await inventoryRepository.pricingOf(tx, shopId);
          const lines = await reserve(tx, shopId, items, pricingRuleOf(pricing), at, left);
          const day = at.slice(0, 10).replaceAll('-', '');
          const callout = await repo.nextCallout(tx, shopId, day);
          const orderNumber = `${day}-${shopId}-${source.id}-${callout}`;
          await repo.insert(
            tx,
            {
              shop_id: shopId,
              order_number: orderNumber,
              callout,
              source_kind: source.kind,
              source_id: source.id,
              source_name: source.name,
              status: 'pending',
              idempotency_key: idempotencyKey ?? null,
              idempotency_fingerprint: fingerprint,
              total_items: lines.reduce((n, l) => n + l.quantity, 0),
              total_cents: lines.reduce((n, l) => n + l.unit_price_cents * l.quantity, 0),
              created_at: at,
            },
            lines,
          );
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'order.place',
            subject: orderNumber,
            detail: JSON.stringify({ lines: lines.length }),
            created_at: at,
          });
          await stock.stockChanged(tx, shopId, { kind: 'quantities', quantities: left });
          return answer(orderNumber);
        });
        return placed;
      } catch (err) {
        // A concurrent retry with the same key committed first (PostgreSQL): answer with its order.
        if (idempotencyKey && isUniqueViolation(err)) {
          const earlier = await repo.byIdempotencyKey(ctx.db, shopId, idempotencyKey);
          if (earlier) return sameCart(earlier);
        }
        throw err;
      }
    },

    async pending(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      const orders = await ordersWithLines(await repo.list(ctx.db, shopId, 'pending', HISTORY_LIMIT));
      return { success: true as const, data: { orders: orders.map(({ order, lines }) => toOrder(order, lines)) } };
    },

    async history(actor: Actor) {
      const { shopId } = requireRole(actor, 'orders:view');
      const orders = await ordersWithLines(await repo.list(ctx.db, shopId, 'confirmed', HISTORY_LIMIT));
      return {
        success: true as const,
        data: {
          orders: orders.map(({ order, lines }): HistoryOrder => ({
            ...toOrder(order, lines),
            confirmed_timestamp: order.decided_at ?? order.created_at,
          })),
        },
      };
    },

    async confirm(actor: Actor, orderNumber: string) {
      await decide(actor, orderNumber, 'confirmed', () => Promise.resolve());
      return { message: messages.ordersServer.confirmed(orderNumber) };
    },

    /** Rejects a pending order and puts its copies back, on their rows or, if a row is gone, on a new one. */
    async reject(actor: Actor, orderNumber: string) {
      await decide(actor, orderNumber, 'rejected', async (tx, shopId, orderId, at) => {
        // New quantities of the rows given back to; none when a row had to be made again.
        let back: Map<number, number> | undefined = new Map();
        for (const line of await repo.linesOf(tx, [orderId])) {
          if (line.card_id === '') {
            // A sealed product's copies go back on it; a product removed since has nowhere to take them.
            if (line.sealed_id !== null) await repo.giveBackSealed(tx, shopId, line.sealed_id, line.quantity, at);
            continue;
          }
          const quantity =
            line.inventory_id === null
              ? undefined
              : await repo.giveBack(tx, shopId, line.inventory_id, line.quantity, at);
          if (quantity !== undefined) {
            back?.set(line.inventory_id!, quantity);
            continue;
          }
          back = undefined;
          const card = await inventoryRepository.findCard(tx, line.card_id);
          if (!card) continue;
          await inventoryRepository.addCopies(
            tx,
            {
              shop_id: shopId,
              card_id: card.id,
              finish: line.finish,
              quality: line.quality,
              language: line.language,
              signed: line.signed,
              altered: line.altered,
              quantity: line.quantity,
              sort_name: card.sort_name,
              set_code: card.set_code,
            },
            at,
          );
        }
        await stock.stockChanged(tx, shopId, back ? { kind: 'quantities', quantities: back } : { kind: 'other' });
      });
      return { message: messages.ordersServer.rejected(orderNumber) };
    },
  };
}
