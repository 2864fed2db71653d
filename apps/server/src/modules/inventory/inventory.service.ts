import { pricingRuleOf, messages, routes, STOREFRONT_PAGE_SIZE, type Finish, type Quality } from '@cardstock/contract';
import { withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { Serialized } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { isStorefrontOnline } from '../billing/billing-rules.ts';
import { parseInventoryQuery, QueryError, type InventoryQuery } from './inventory-query.ts';
import { toInventoryRow } from './inventory.mapper.ts';
import { inventoryRepository as repo } from './inventory.repository.ts';
import type { InventoryReadModel, InventoryState } from './read-model.ts';

export const INVENTORY_PAGE_SIZE = 50;
const SEARCH_PAGE_SIZE = 100;

function parse(q: string): InventoryQuery {
  try {
    return parseInventoryQuery(q);
  } catch (err) {
    if (err instanceof QueryError) throw new AppError('BAD_REQUEST', err.message);
    throw err;
  }
}

export function createInventoryService(ctx: AppContext, reads: InventoryReadModel) {
  const now = () => ctx.clock.now().toISOString();
  /** Public: the shop chose so, and its subscription has not ended (docs/decisions.md, "Billing"). */
  const isPublic = (shop: { shop_hidden: number; billing_ends_at: string | null }) =>
    shop.shop_hidden === 0 && isStorefrontOnline(shop.billing_ends_at, ctx.clock.now());

  /** A staff answer from the shop's inventory as it stands, kept until it changes. */
  async function answer(shopId: number, what: string, make: (state: InventoryState) => Promise<Serialized>) {
    const state = await reads.state(shopId);
    return reads.answer(shopId, state, what, () => make(state));
  }

  return {
    async list(actor: Actor, input: { page: number; filter: string }) {
      const { shopId } = requireRole(actor, 'inventory:view');
      const query = parse(input.filter);
      return answer(shopId, `list|${input.page}|${input.filter}`, async (state) => {
        const { rows, total } = await reads.page(shopId, state, query, input.page, INVENTORY_PAGE_SIZE);
        const rule = pricingRuleOf(state.pricing);
        return Serialized.of(routes.inventoryList.response, {
          inventory: rows.map((r) => toInventoryRow(r, rule)),
          page: input.page,
          total_pages: Math.max(1, Math.ceil(total / INVENTORY_PAGE_SIZE)),
          total,
        });
      });
    },

    /**
     * A public shop's page of cards, the same for every visitor: kept
     * serialized until its stock, prices or settings change. A private or
     * unknown shop is not found.
     */
    async publicPage(subdomain: string, page: number) {
      const shop = await reads.publicShop({ subdomain });
      if (!shop || !isPublic(shop)) throw new AppError('NOT_FOUND', messages.storefrontServer.notFound);
      const { state } = shop;
      return reads.answer(shop.id, state, `public|${page}|${shop.name}|${shop.description}`, async () => {
        const { rows, total } = await reads.page(shop.id, state, parse(''), page, STOREFRONT_PAGE_SIZE);
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
            };
          }),
          shop_info: { shop_description: shop.description },
          shop_name: shop.name,
          total_pages: pages,
          page,
          message: messages.storefrontServer.page(page, pages),
        });
      });
    },

    /** The demo shop page's call: a public shop's rows by its name, as the staff list shows them. */
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
      const query = parse(input.filter);
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

    async search(actor: Actor, input: { q: string; page: number }) {
      const { shopId } = requireRole(actor, 'inventory:view');
      const query = parse(input.q);
      return answer(shopId, `search|${input.page}|${input.q}`, async (state) => {
        const { rows, total } = await reads.page(shopId, state, query, input.page, SEARCH_PAGE_SIZE);
        const rule = pricingRuleOf(state.pricing);
        const hits = rows.map((r) => {
          const row = toInventoryRow(r, rule);
          return {
            id: row.inv_pkey,
            name: row.card_name,
            setCode: row.card_setCode,
            scryfallId: row.card_scryfallid,
            uuid: row.card_uuid,
            finish: row.inv_finish,
            quantity: row.inv_quantity,
            quality: row.inv_quality,
            price: row.price,
            image: row.card_image_normal ?? row.card_image_small,
          };
        });
        return Serialized.of(routes.search.response, { success: true as const, data: { hits, total } });
      });
    },

    /** Adds copies of a printing in a finish it really has; the same row grows. */
    async add(actor: Actor, input: { scryfall_id: string; quantity: number; foil: boolean; quality: Quality }) {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      const card = await repo.findCard(ctx.db, input.scryfall_id);
      if (!card) throw new AppError('NOT_FOUND', messages.catalog.cardNotFound);
      const available = card.finishes.split(',');
      // "foil" from the spec's add dialog also covers cards that exist only etched.
      const finish: Finish = input.foil ? (available.includes('foil') ? 'foil' : 'etched') : 'nonfoil';
      if (!available.includes(finish)) {
        throw new AppError(
          'BAD_REQUEST',
          messages.inventoryServer.noSuchFinish(card.name, input.foil ? 'foil' : 'non-foil'),
        );
      }
      await withTransaction(ctx.db, async (tx) => {
        const row = await repo.addCopies(
          tx,
          {
            shop_id: shopId,
            card_id: card.id,
            finish,
            quality: input.quality,
            quantity: input.quantity,
            sort_name: card.sort_name,
            set_code: card.set_code,
          },
          now(),
        );
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.add',
          subject: card.id,
          detail: JSON.stringify({ finish, quality: input.quality, quantity: input.quantity }),
          created_at: now(),
        });
        await reads.stockChanged(tx, shopId, { kind: 'row', id: row.id, quantity: row.quantity });
      });
      return { message: messages.inventoryServer.added(input.quantity, card.name) };
    },

    /** Sets the quantity of one row; 0 keeps the row as out of stock. */
    async edit(actor: Actor, input: { scryfall_id: string; finish: Finish; quality: Quality; quantity: number }) {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      await withTransaction(ctx.db, async (tx) => {
        const id = await repo.setQuantity(
          tx,
          { shopId, cardId: input.scryfall_id, finish: input.finish, quality: input.quality },
          input.quantity,
          now(),
        );
        if (id === undefined) throw new AppError('NOT_FOUND', messages.inventoryServer.notInInventory);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.edit',
          subject: input.scryfall_id,
          detail: JSON.stringify({ finish: input.finish, quality: input.quality, quantity: input.quantity }),
          created_at: now(),
        });
        await reads.stockChanged(tx, shopId, { kind: 'quantities', quantities: new Map([[id, input.quantity]]) });
      });
      return { message: messages.inventoryServer.updated };
    },

    async deleteAll(actor: Actor) {
      const { shopId, email } = requireRole(actor, 'inventory:delete_all');
      const deleted = await withTransaction(ctx.db, async (tx) => {
        const n = await repo.deleteAll(tx, shopId);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.delete_all',
          subject: 'inventory',
          detail: JSON.stringify({ deleted: n }),
          created_at: now(),
        });
        await reads.stockChanged(tx, shopId, { kind: 'emptied' });
        return n;
      });
      return { message: messages.inventoryServer.deletedAll(deleted) };
    },
  };
}
