import {
  limits,
  type ZInventoryValueResponse,
  type ZLatestSoldResponse,
  type ZLowStockResponse,
  type ZTopSellingResponse,
} from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';
import type { BuysOverTime } from './BuyingSection.tsx';
import type { ChartPoint } from './chart-scale.ts';
import { statsErrorText } from './stats-view.ts';

export type TopCard = z.output<typeof ZTopSellingResponse>['data']['top_cards'][number];
export type LatestSale = z.output<typeof ZLatestSoldResponse>['data']['latest_sales'][number];
export type InventoryValue = z.output<typeof ZInventoryValueResponse>['data'];
export type LowStock = z.output<typeof ZLowStockResponse>['data'];

/** Everything the statistics screen shows, from its eight calls. */
export interface Stats {
  totalOrders: number;
  cardsSold: number;
  totalCards: number;
  /** What the stock in hand is worth, and what has no price yet. */
  value: InventoryValue;
  ordersByDate: ChartPoint[];
  topCards: TopCard[];
  latestSales: LatestSale[];
  /** What is at or under the shop's low-stock threshold. */
  lowStock: LowStock;
  /** What the shop bought from customers (issue 25). */
  buys: BuysOverTime;
}

/**
 * The eight statistics calls, fired together, each with the auth_token cookie's
 * token (spec 001 §7). One failure fails the screen, with the text of spec 001 §8.
 */
async function fetchStats(): Promise<Stats> {
  try {
    const [totalCards, overTime, topSelling, latestSold, summary, value, lowStock, buys] = await Promise.all([
      call('statsTotalCards'),
      call('statsOrdersOverTime'),
      call('statsTopSelling', { body: { limit: limits.topSellingLimit } }),
      call('statsLatestSold', { body: { limit: limits.latestSoldLimit } }),
      call('statsSummary'),
      call('statsInventoryValue'),
      call('statsLowStock'),
      call('statsBuysOverTime'),
    ]);
    return {
      totalOrders: summary.data.total_orders,
      cardsSold: summary.data.total_cards_sold,
      totalCards: totalCards.data.total_cards,
      value: value.data,
      ordersByDate: overTime.data.orders_by_date.map((d) => ({
        date: d.date,
        orders: d.order_count,
        revenue: d.total_revenue,
      })),
      topCards: topSelling.data.top_cards,
      latestSales: latestSold.data.latest_sales,
      lowStock: lowStock.data,
      buys: buys.data,
    };
  } catch (err) {
    throw new Error(statsErrorText(err), { cause: err });
  }
}

/** The screen's statistics: loading, then loaded or an error (spec 001 §4). */
export function useStats() {
  return useQuery({ queryKey: ['stats'], queryFn: fetchStats, retry: false });
}
