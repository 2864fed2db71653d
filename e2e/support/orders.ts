import type { PendingOrder } from '@cardstock/contract';
import type { APIRequestContext } from '@playwright/test';
import type { Account } from './accounts.ts';
import { api, bodyOf } from './api.ts';

/** The shop's pending orders as Order Management reads them. */
export async function pendingOrders(request: APIRequestContext, account: Account): Promise<PendingOrder[]> {
  return bodyOf(await api(request, account).call('pendingOrders')).data.orders;
}
