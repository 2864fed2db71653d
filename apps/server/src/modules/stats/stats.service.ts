import { copyFlagsOf } from '../inventory/inventory.mapper.ts';
import {
  centsToDollars,
  lowStockLimits,
  languageOf,
  percentage,
  priceCents,
  pricingRuleOf,
  qualityOf,
  type LowStockItem,
} from '@cardstock/contract';
import { writeCounterOf } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { RowCache } from '../../lib/row-cache.ts';
import type { AppContext } from '../../context.ts';
import { inventoryRepository } from '../inventory/inventory.repository.ts';
import { statsRepository as repo } from './stats.repository.ts';

const setCode = (code: string) => (code ? code.toUpperCase() : null);

/** A shop's sales figures, from its confirmed orders (a pending order is not a sale yet). */
export function createStatsService(ctx: AppContext) {
  // A year of orders takes tens of milliseconds to sum: figures are kept until this server writes
  // anything (a sale shows at once), or for five seconds (another server's sales show then).
  const figures = new RowCache<string, unknown>(writeCounterOf(ctx.db), 5000, 1000);
  const kept = <T>(shopId: number, what: string, read: () => Promise<T>) =>
    figures.get(`${shopId}|${what}`, read) as Promise<T>;

  return {
    async summary(actor: Actor) {
      const { shopId } = requireRole(actor, 'stats:view');
      const { totalOrders, cardsSold } = await kept(shopId, 'summary', () => repo.summary(ctx.db, shopId));
      return { success: true as const, data: { total_orders: totalOrders, total_cards_sold: cardsSold } };
    },

    async totalCards(actor: Actor) {
      const { shopId } = requireRole(actor, 'stats:view');
      return {
        success: true as const,
        data: { total_cards: await kept(shopId, 'total', () => repo.totalCards(ctx.db, shopId)) },
      };
    },

    /** The stock in hand at the prices customers pay now (asking price, else the shop's rule on the market price). */
    async inventoryValue(actor: Actor) {
      const { shopId } = requireRole(actor, 'stats:view');
      return kept(shopId, 'value', async () => {
        const rule = pricingRuleOf(await inventoryRepository.pricingOf(ctx.db, shopId));
        let singles = 0;
        let unpricedRows = 0;
        let unpricedCopies = 0;
        for (const group of await repo.stockByPrice(ctx.db, shopId)) {
          const copies = Number(group.copies);
          const quality = qualityOf(group.quality);
          const language = languageOf(group.language);
          const price = priceCents({
            askingCents: group.asking_price,
            marketCents: group.market,
            quality,
            language,
            rule,
          });
          if (price === null) {
            unpricedRows += Number(group.rows);
            unpricedCopies += copies;
          } else singles += price * copies;
        }
        const sealed = await repo.sealedValue(ctx.db, shopId);
        return {
          success: true as const,
          data: {
            total_value: centsToDollars(singles + sealed.cents),
            singles_value: centsToDollars(singles),
            sealed_value: centsToDollars(sealed.cents),
            unpriced_rows: unpricedRows + sealed.unpricedRows,
            unpriced_copies: unpricedCopies + sealed.unpricedUnits,
          },
        };
      });
    },

    /** Rows and sealed products at or under the shop's threshold: the 200 with the fewest copies. */
    async lowStock(actor: Actor) {
      const { shopId } = requireRole(actor, 'stats:view');
      return kept(shopId, 'low-stock', async () => {
        const threshold = await repo.lowStockThreshold(ctx.db, shopId);
        const limit = lowStockLimits.maxItems;
        const [singles, sealed] = await Promise.all([
          repo.lowStockRows(ctx.db, shopId, threshold, limit),
          repo.lowStockSealed(ctx.db, shopId, threshold, limit),
        ]);
        const items: LowStockItem[] = [
          ...singles.rows.map((r) => ({
            kind: 'single' as const,
            scryfall_id: r.card_id,
            sealed_id: null,
            name: r.name,
            set_code: setCode(r.set_code),
            collector_number: r.collector_number,
            ...copyFlagsOf(r),
            quantity: r.quantity,
          })),
          ...sealed.rows.map((r) => ({
            kind: 'sealed' as const,
            scryfall_id: null,
            sealed_id: r.id,
            name: r.name,
            set_code: setCode(r.set_code ?? ''),
            collector_number: null,
            finish: null,
            quality: null,
            language: null,
            signed: false,
            altered: false,
            quantity: r.quantity,
          })),
        ];
        items.sort((a, b) => a.quantity - b.quantity || a.name.localeCompare(b.name));
        return {
          success: true as const,
          data: { threshold, total: singles.total + sealed.total, items: items.slice(0, limit) },
        };
      });
    },

    async ordersOverTime(actor: Actor) {
      const { shopId } = requireRole(actor, 'stats:view');
      const rows = await kept(shopId, 'by-date', () => repo.byDate(ctx.db, shopId));
      return {
        success: true as const,
        data: {
          orders_by_date: rows.map((r) => ({
            date: r.date,
            order_count: Number(r.orders),
            total_revenue: centsToDollars(Number(r.cents)),
          })),
        },
      };
    },

    /** What the shop bought from customers per day: the buying side of the figures, kept and invalidated alike. */
    async buysOverTime(actor: Actor) {
      const { shopId } = requireRole(actor, 'stats:view');
      const rows = await kept(shopId, 'buys-by-date', () => repo.buysByDate(ctx.db, shopId));
      const days = rows.map((r) => ({
        date: r.date,
        buy_count: Number(r.buys),
        cards_bought: Number(r.copies ?? 0),
        cash_cents: Number(r.cash ?? 0),
        credit_cents: Number(r.credit ?? 0),
      }));
      const sum = (pick: (d: (typeof days)[number]) => number) => days.reduce((n, d) => n + pick(d), 0);
      return {
        success: true as const,
        data: {
          buys_by_date: days.map((d) => ({
            date: d.date,
            buy_count: d.buy_count,
            cards_bought: d.cards_bought,
            cash_paid: centsToDollars(d.cash_cents),
            credit_issued: centsToDollars(d.credit_cents),
          })),
          totals: {
            buy_count: sum((d) => d.buy_count),
            cards_bought: sum((d) => d.cards_bought),
            cash_paid: centsToDollars(sum((d) => d.cash_cents)),
            credit_issued: centsToDollars(sum((d) => d.credit_cents)),
          },
        },
      };
    },

    async topSelling(actor: Actor, limit: number) {
      const { shopId } = requireRole(actor, 'stats:view');
      const rows = await kept(shopId, `top|${limit}`, () => repo.topSelling(ctx.db, shopId, limit));
      return {
        success: true as const,
        data: {
          top_cards: rows.map((r) => {
            const costed = Number(r.costed_revenue_cents);
            const margin = r.cost_cents === null ? null : costed - Number(r.cost_cents);
            return {
              card_name: r.card_name,
              set_code: setCode(r.set_code),
              total_sold: Number(r.sold),
              revenue: centsToDollars(Number(r.revenue_cents)),
              margin: margin === null ? null : centsToDollars(margin),
              margin_percent: margin === null || costed === 0 ? null : percentage(margin, costed),
            };
          }),
        },
      };
    },

    async latestSold(actor: Actor, limit: number) {
      const { shopId } = requireRole(actor, 'stats:view');
      const rows = await kept(shopId, `latest|${limit}`, () => repo.latestSold(ctx.db, shopId, limit));
      return {
        success: true as const,
        data: {
          latest_sales: rows.map((r) => ({
            card_name: r.card_name,
            set_code: setCode(r.set_code),
            order_number: r.order_number,
            quantity: r.quantity,
            timestamp: r.decided_at ?? '',
          })),
        },
      };
    },
  };
}
