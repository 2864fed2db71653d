import { messages } from '@cardstock/contract';
import { AppError } from '../../lib/errors.ts';
import { isStorefrontOnline } from '../billing/billing-rules.ts';
import type { InventoryReadModel, PublicShop } from '../inventory/read-model.ts';

/** Public: the shop chose so, and its subscription has not ended (docs/decisions/011-billing.md). */
export const isPublicShop = (shop: { shop_hidden: number; billing_ends_at: string | null }, now: Date): boolean =>
  shop.shop_hidden === 0 && isStorefrontOnline(shop.billing_ends_at, now);

/**
 * The one guard of every public route (storefront, reservations, "We buy"): the shop by subdomain through the read
 * model's kept lookup, or the storefront's 404 when there is none or it is not public.
 */
export async function requirePublicShop(reads: InventoryReadModel, subdomain: string, now: Date): Promise<PublicShop> {
  const shop = await reads.publicShop({ subdomain });
  if (!shop || !isPublicShop(shop, now)) throw new AppError('NOT_FOUND', messages.storefrontServer.notFound);
  return shop;
}
