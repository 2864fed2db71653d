import {
  centsToDollars,
  messages,
  pricingRuleOf,
  routes,
  STOREFRONT_PAGE_SIZE,
  STOREFRONT_SEALED_LIMIT,
  type SealedCategory,
  type StorefrontSort,
} from '@cardstock/contract';
import { AppError } from '../../lib/errors.ts';
import { Serialized } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { toInventoryRow } from '../inventory/inventory.mapper.ts';
import { INVENTORY_PAGE_SIZE, queryKey, queryOf } from '../inventory/inventory-query.ts';
import type { InventoryReadModel } from '../inventory/read-model.ts';
import { sealedRepository } from '../sealed/sealed.repository.ts';
import { isPublicShop } from './public-shop.ts';

/** Distinct storefront searches (page and order included) kept per shop and stock version; more are answered, not kept. */
const STOREFRONT_KEPT_SEARCHES = 500;

/** Every card (no search) and its key, parsed once: most storefront views are a plain page. */
const everyCard = queryOf('');
const everyCardKey = queryKey(everyCard);

/** A shop's public pages: its storefront and the demo shop page, read through the inventory's read model. */
export function createStorefrontService(ctx: AppContext, reads: InventoryReadModel) {
  const isPublic = (shop: { shop_hidden: number; billing_ends_at: string | null }) =>
    isPublicShop(shop, ctx.clock.now());

  return {
    /** Whether `subdomain` is a public shop's (a kept lookup): what its pages without cards need to know. */
    async isPublicShop(subdomain: string): Promise<boolean> {
      const shop = await reads.publicShop({ subdomain });
      return shop !== undefined && isPublic(shop);
    },

    /**
     * A public shop's page of cards for a search (`q`, the staff search's words and terms; '' for every card) in
     * one of the storefront's orders, the same for every visitor: kept serialized until its stock, prices or
     * settings change, under the search as parsed so every way of typing it shares one answer. A private or unknown
     * shop is not found, whatever the search; a bad term in a public shop's search is a 400 naming it.
     */
    async publicPage(subdomain: string, page: number, q = '', sort: StorefrontSort = 'name') {
      const shop = await reads.publicShop({ subdomain });
      if (!shop || !isPublic(shop)) throw new AppError('NOT_FOUND', messages.storefrontServer.notFound);
      const plain = q.trim() === '';
      const query = plain ? everyCard : queryOf(q);
      const { state } = shop;
      const reservations = `${shop.reservations_enabled}|${shop.reservation_hold_hours}`;
      return reads.answer(
        shop.id,
        state,
        `public|${page}|${sort}|${plain ? everyCardKey : queryKey(query)}|${shop.name}|${shop.description}|${reservations}`,
        async () => {
          const { rows, total } = await reads.page(shop.id, state, query, page, STOREFRONT_PAGE_SIZE, sort);
          const rule = pricingRuleOf(state.pricing);
          const pages = Math.max(1, Math.ceil(total / STOREFRONT_PAGE_SIZE));
          return Serialized.of(routes.publicInventory.response, {
            inventory: rows.map((r) => {
              const row = toInventoryRow(r, rule);
              return {
                id: row.inv_pkey,
                card_name: row.card_name,
                card_scryfallid: row.card_scryfallid,
                image_url: row.card_image_normal ?? row.card_image_small,
                card_manaCost: row.card_manaCost,
                card_setCode: row.card_setCode,
                price: row.price,
                inv_quantity: row.inv_quantity,
                inv_finish: row.inv_finish,
                inv_quality: row.inv_quality,
                inv_language: row.inv_language,
                inv_signed: row.inv_signed,
                inv_altered: row.inv_altered,
              };
            }),
            shop_info: { shop_description: shop.description },
            shop_name: shop.name,
            total_pages: pages,
            page,
            total,
            message: messages.storefrontServer.page(page, pages),
            reservations_enabled: shop.reservations_enabled === 1,
            reservation_hold_hours: shop.reservation_hold_hours,
          });
        },
        // Anyone may send any search: a shop's kept searches are bounded, its plain pages are not.
        plain ? undefined : { kind: 'public-search', max: STOREFRONT_KEPT_SEARCHES },
      );
    },

    /**
     * A public shop's sealed products in stock, name order. Read on every view: sealed stock is small and not in
     * the inventory's read model. A product at $0 has no price yet (null): shown, not for sale.
     */
    async publicSealed(subdomain: string) {
      const shop = await reads.publicShop({ subdomain });
      if (!shop || !isPublic(shop)) throw new AppError('NOT_FOUND', messages.storefrontServer.notFound);
      const products = await sealedRepository.inStock(ctx.db, shop.id, STOREFRONT_SEALED_LIMIT);
      return {
        sealed: products.map((p) => ({
          id: p.id,
          name: p.name,
          category: p.category as SealedCategory,
          set_code: p.set_code ? p.set_code.toUpperCase() : null,
          price: p.price > 0 ? centsToDollars(p.price) : null,
          quantity: p.quantity,
        })),
      };
    },

    /**
     * A shop's page by name: public shops for anyone, a private one only for
     * its own staff (`viewerShopId`). Names are not unique, so staff asking
     * for their own shop's name get their own shop.
     */
    async shopWebsitePage(input: { shopname: string; page: number; filter: string }, viewerShopId: number | null) {
      const own = viewerShopId === null ? undefined : await reads.publicShop({ id: viewerShopId });
      const shop = own?.name === input.shopname ? own : await reads.publicShop({ name: input.shopname });
      if (!shop || (!isPublic(shop) && shop.id !== viewerShopId))
        throw new AppError('NOT_FOUND', messages.storefrontServer.notFound);
      const query = queryOf(input.filter);
      const { state } = shop;
      return reads.answer(shop.id, state, `website|${input.page}|${input.filter}`, async () => {
        const { rows, total } = await reads.page(shop.id, state, query, input.page, INVENTORY_PAGE_SIZE);
        const rule = pricingRuleOf(state.pricing);
        return Serialized.of(routes.shopWebsiteInventory.response, {
          inventory: rows.map((r) => toInventoryRow(r, rule)),
          shop_name: shop.name,
          total_pages: Math.max(1, Math.ceil(total / INVENTORY_PAGE_SIZE)),
          page: input.page,
        });
      });
    },
  };
}
