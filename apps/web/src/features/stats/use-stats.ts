import { limits, type ZLatestSoldResponse, type ZTopSellingResponse } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api.ts';
import type { ChartPoint } from './chart-scale.ts';
import { statsErrorText } from './stats-view.ts';

export type TopCard = z.output<typeof ZTopSellingResponse>['data']['top_cards'][number];
export type LatestSale = z.output<typeof ZLatestSoldResponse>['data']['latest_sales'][number];

/** Everything the statistics screen shows, from its five calls. */
export interface Stats {
  totalOrders: number;
  cardsSold: number;
  totalCards: number;
  ordersByDate: ChartPoint[];
  topCards: TopCard[];
  latestSales: LatestSale[];
}

/**
 * The five statistics calls, fired together, each with the auth_token cookie's
 * token (spec 001 §7). One failure fails the screen, with the text of spec 001 §8.
 */
async function fetchStats(): Promise<Stats> {
  try {
    const [totalCards, overTime, topSelling, latestSold, summary] = await Promise.all([
      call('statsTotalCards'),
      call('statsOrdersOverTime'),
      call('statsTopSelling', { body: { limit: limits.topSellingLimit } }),
      call('statsLatestSold', { body: { limit: limits.latestSoldLimit } }),
      call('statsSummary'),
    ]);
    return {
      totalOrders: summary.data.total_orders,
      cardsSold: summary.data.total_cards_sold,
      totalCards: totalCards.data.total_cards,
      ordersByDate: overTime.data.orders_by_date.map((d) => ({
        date: d.date,
        orders: d.order_count,
        revenue: d.total_revenue,
      })),
      topCards: topSelling.data.top_cards,
      latestSales: latestSold.data.latest_sales,
    };
  } catch (err) {
    throw new Error(statsErrorText(err), { cause: err });
  }
}

/** The screen's statistics: loading, then loaded or an error (spec 001 §4). */
export function useStats() {
  return useQuery({ queryKey: ['stats'], queryFn: fetchStats, retry: false });
}
