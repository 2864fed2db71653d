import { messages, type MissingCopies } from '@cardstock/contract';
import { withTransaction, type Tx } from '../../db/database.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { StockWrites } from '../inventory/stock-writes.ts';
import { nextNumber } from './order-number.ts';
import type { GiveBack } from './order-stock.ts';
import { ordersRepository as repo } from './orders.repository.ts';

/** A stock row's printing and kind, as a marketplace listing lists it. */
export interface MarketKind {
  card_id: string;
  finish: string;
  quality: string;
  language: string;
  signed: boolean;
  altered: boolean;
}

/** A line of a marketplace's sale: the kinds of stock its product listed, the copies sold, one copy's price. */
export interface MarketLine {
  /** The card's name as the marketplace sold it (named when the shop's stock no longer has the card). */
  name: string;
  kinds: readonly MarketKind[];
  quantity: number;
  /** In the shop's cents. */
  unit_price_cents: number;
}

/** A sale on a marketplace (issue 42): which marketplace, its code there, its lines. */
export interface MarketSale {
  marketplace: string;
  code: string;
  lines: readonly MarketLine[];
}

/** How many times a line's rows are read again when another order emptied them between the read and the take. */
const ROUNDS = 8;

/**
 * Marketplace sales in the shop's orders (issue 42, decision 042). A sale is taken once: `claim` runs first in its
 * transaction and answers false when the sale was taken already (an earlier pull, another server), and nothing is
 * written. Its copies leave the stock there and then, best condition first, from the rows of the kinds its product
 * listed; the sale happened, so it is never refused: copies the shop no longer has are recorded as missing, the stock
 * stays at 0, and the order needs attention in Order Management. It is a confirmed order (a sale, in the history,
 * the statistics and the Activity log) whose source is the marketplace.
 */
export function marketOrders(ctx: AppContext, writes: StockWrites, giveBack: GiveBack) {
  return {
    /** Takes the sale; its order number, or undefined when `claim` found it taken already. */
    take(
      shopId: number,
      sale: MarketSale,
      claim: (tx: Tx) => Promise<boolean>,
      then: (tx: Tx, orderId: number) => Promise<void>,
    ): Promise<string | undefined> {
      const at = ctx.clock.now().toISOString();
      return withTransaction(ctx.db, async (tx) => {
        if (!(await claim(tx))) return undefined;
        const taking = writes.taking(tx, shopId);
        let stock = await repo.stockOf(
          tx,
          shopId,
          sale.lines.flatMap((line) => line.kinds.map((kind) => kind.card_id)),
        );
        const lines: Parameters<typeof repo.insert>[2] = [];
        const missing: MissingCopies[] = [];
        for (const line of sale.lines) {
          let left = line.quantity;
          for (let round = 0; left > 0 && round < ROUNDS; round++) {
            const rows = stock.filter(
              (row) =>
                row.quantity > 0 &&
                line.kinds.some(
                  (kind) =>
                    kind.card_id === row.card_id &&
                    kind.finish === row.finish &&
                    kind.quality === row.quality &&
                    kind.language === row.language &&
                    kind.signed === (row.signed === 1) &&
                    kind.altered === (row.altered === 1),
                ),
            );
            if (!rows.length) break;
            const takes = new Map<number, number>();
            let want = left;
            for (const row of rows) {
              const take = Math.min(want, row.quantity);
              if (take > 0) takes.set(row.id, take);
              want -= take;
            }
            const taken = await taking.takeAll(takes, at);
            for (const row of rows) {
              const take = takes.get(row.id);
              if (!take || !taken.has(row.id)) continue;
              row.quantity -= take;
              left -= take;
              lines.push({
                shop_id: shopId,
                inventory_id: row.id,
                card_id: row.card_id,
                card_name: row.name,
                set_code: row.set_code,
                finish: row.finish,
                quality: row.quality,
                language: row.language,
                signed: row.signed,
                altered: row.altered,
                quantity: take,
                unit_price_cents: line.unit_price_cents,
                unit_cost_cents: row.cost_cents,
              });
            }
            // A row another order emptied meanwhile: what the shop has now, for the copies still to take.
            if (taken.size < takes.size)
              stock = await repo.stockOf(tx, shopId, [...new Set(rows.map((r) => r.card_id))]);
          }
          if (left > 0) {
            const card = line.kinds[0] && (await repo.cardName(tx, line.kinds[0].card_id));
            missing.push({
              card_name: card?.name ?? line.name,
              set_code: (card?.set_code ?? '').toUpperCase(),
              quantity: left,
            });
          }
        }
        const { number: orderNumber, callout } = await nextNumber(tx, '', shopId, 0, at);
        const { id: orderId } = await repo.insert(
          tx,
          {
            shop_id: shopId,
            order_number: orderNumber,
            callout,
            source_kind: 'marketplace',
            source_id: 0,
            source_name: sale.marketplace,
            status: 'confirmed',
            total_items: lines.reduce((n, l) => n + l.quantity, 0),
            total_cents: lines.reduce((n, l) => n + l.unit_price_cents * l.quantity, 0),
            created_at: at,
            decided_at: at,
            decided_by: sale.marketplace,
            market_code: sale.code,
            missing: missing.length ? JSON.stringify(missing) : null,
          },
          lines,
        );
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: sale.marketplace,
          action: 'order.marketplace',
          subject: orderNumber,
          detail: {
            marketplace: sale.marketplace,
            code: sale.code,
            lines: lines.length,
            missing: missing.reduce((n, m) => n + m.quantity, 0),
          },
          created_at: at,
        });
        await then(tx, orderId);
        await taking.done();
        return orderNumber;
      });
    },

    /**
     * A sale cancelled on the marketplace: its order's copies go back on the shelf and it is rejected with the
     * marketplace's word; once, as `release` answers (false: not taken, or given back already).
     */
    cancel(shopId: number, orderId: number, marketplace: string, release: (tx: Tx) => Promise<boolean>) {
      const at = ctx.clock.now().toISOString();
      return withTransaction(ctx.db, async (tx) => {
        if (!(await release(tx))) return false;
        const order = await repo.cancelMarketOrder(
          tx,
          orderId,
          marketplace,
          messages.ordersServer.cancelledOn(marketplace),
          at,
        );
        if (!order) return false;
        await giveBack(tx, shopId, orderId, at);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: marketplace,
          action: 'order.marketplace_cancel',
          subject: order.order_number,
          detail: { marketplace, code: order.market_code ?? '' },
          created_at: at,
        });
        return true;
      });
    },
  };
}

export type MarketOrders = ReturnType<typeof marketOrders>;
