import type { PendingOrder } from '@cardstock/contract';
import { expect, type APIRequestContext } from '@playwright/test';
import type { Account } from './accounts.ts';

/** The shop's pending orders as Order Management reads them (`POST /api/pending`). */
export async function pendingOrders(request: APIRequestContext, account: Account): Promise<PendingOrder[]> {
  const res = await request.post('/api/pending', { data: { token: account.token } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { orders: PendingOrder[] } }).data.orders;
}
