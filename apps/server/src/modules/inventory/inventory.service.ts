import { pricingRuleOf, messages, routes, STOREFRONT_PAGE_SIZE, type Finish, type Quality } from '@cardstock/contract';
import { withTransaction, writeCounterOf } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import type { AnswerCache } from '../../lib/answer-cache.ts';
import { AppError } from '../../lib/errors.ts';
import { Serialized } from '../../lib/route.ts';
import { RowCache, staffRowAgeMs } from '../../lib/row-cache.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { isStorefrontOnline } from '../billing/billing-rules.ts';
import { parseInventoryQuery, QueryError, type InventoryQuery } from './inventory-query.ts';
import { ShopIndex, type ShopIndexCache } from './inventory-index.ts';
import { toInventoryRow } from './inventory.mapper.ts';
import { inventoryRepository as repo, type InventoryState } from './inventory.repository.ts';

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

export function createInventoryService(ctx: AppContext, indexes: ShopIndexCache, answers: AnswerCache) {
  const now = () => ctx.clock.now().toISOString();
  /** Public: the shop chose so, and its subscription has not ended (docs/decisions.md, "Billing"). */
  const isPublic = (shop: { shop_hidden: number; billing_ends_at: string | null }) =>
    shop.shop_hidden === 0 && isStorefrontOnline(shop.billing_ends_at, ctx.clock.now());
  // Every storefront view starts with this lookup: kept until this process writes, or for a second.
  const publicShops = new RowCache<string, Awaited<ReturnType<typeof repo.publicShop>>>(writeCounterOf(ctx.db));
  // The versions every list and search checks (staffRowAgeMs: kept on the embedded database only).
  const states = new RowCache<number, InventoryState>(writeCounterOf(ctx.db), staffRowAgeMs(ctx.engine));

  /**
   * A page of the rows that match, from the shop's index for `state`. A row
   * deleted since the index was read is simply left out.
   */
  async function pageOf(shopId: number, state: InventoryState, query: InventoryQuery, page: number, size: number) {
    const index = await indexes.get(shopId, state, async () => ShopIndex.of(await repo.indexRows(ctx.db, shopId)));
    const ids = index.match(query);
    const pageIds = Array.from(ids.subarray((page - 1) * size, page * size));
    const found = pageIds.length ? await repo.rowsByIds(ctx.db, shopId, pageIds) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    return { rows: pageIds.flatMap((id) => byId.get(id) ?? []), total: ids.length };
  }

  /**
   * An answer computed from the shop's inventory as it stands: kept
   * serialized under everything it depends on (inventory and catalog
   * versions, pricing rule), so repeated page turns and searches cost a lookup.
   */
  async function answer(shopId: number, what: string, make: (state: InventoryState) => Promise<Serialized>) {
    const state = await states.get(shopId, () => repo.inventoryState(ctx.db, shopId));
    const key = `${shopId}|${state.inventory}|${state.catalog}|${state.pricing ?? ''}|${what}`;
    return answers.get(key, () => make(state));
  }

  return {
    async list(actor: Actor, input: { page: number; filter: string }) {
      const { shopId } = requireRole(actor, 'inventory:view');
      const query = parse(input.filter);
      return answer(shopId, `list|${input.page}|${input.filter}`, async (state) => {
        const { rows, total } = await pageOf(shopId, state, query, input.page, INVENTORY_PAGE_SIZE);
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
      const shop = await publicShops.get(subdomain, () => repo.publicShop(ctx.db, { subdomain }));
      if (!shop || !isPublic(shop)) throw new AppError('NOT_FOUND', messages.storefrontServer.notFound);
      const state = { inventory: shop.inventory_version, catalog: shop.catalog_version, pricing: shop.pricing };
      const key = `public|${shop.id}|${state.inventory}|${state.catalog}|${state.pricing ?? ''}|${page}|${shop.name}|${shop.description}`;
      return answers.get(key, async () => {
        const { rows, total } = await pageOf(shop.id, state, parse(''), page, STOREFRONT_PAGE_SIZE);
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
      const own = viewerShopId === null ? undefined : await repo.publicShop(ctx.db, { id: viewerShopId });
      const shop = own?.name === input.shopname ? own : await repo.publicShop(ctx.db, { name: input.shopname });
      if (!shop || (!isPublic(shop) && shop.id !== viewerShopId))
        throw new AppError('NOT_FOUND', messages.storefrontServer.notFound);
      const query = parse(input.filter);
      const state = { inventory: shop.inventory_version, catalog: shop.catalog_version, pricing: shop.pricing };
      const key = `website|${shop.id}|${state.inventory}|${state.catalog}|${state.pricing ?? ''}|${input.page}|${input.filter}`;
      return answers.get(key, async () => {
        const { rows, total } = await pageOf(shop.id, state, query, input.page, INVENTORY_PAGE_SIZE);
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
        const { rows, total } = await pageOf(shopId, state, query, input.page, SEARCH_PAGE_SIZE);
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
      const { row, version } = await withTransaction(ctx.db, async (tx) => {
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
        return { row, version: await repo.bumpVersion(tx, shopId) };
      });
      await indexes.advance(shopId, version - 1, version, async (index) => {
        if (index.setQuantity(row.id, row.quantity)) return index;
        const added = await repo.indexRow(ctx.db, shopId, row.id);
        return added && index.withRow(added);
      });
      return { message: messages.inventoryServer.added(input.quantity, card.name) };
    },

    /** Sets the quantity of one row; 0 keeps the row as out of stock. */
    async edit(actor: Actor, input: { scryfall_id: string; finish: Finish; quality: Quality; quantity: number }) {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      const { id, version } = await withTransaction(ctx.db, async (tx) => {
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
        return { id, version: await repo.bumpVersion(tx, shopId) };
      });
      await indexes.advance(shopId, version - 1, version, (index) =>
        index.setQuantity(id, input.quantity) ? index : undefined,
      );
      return { message: messages.inventoryServer.updated };
    },

    async deleteAll(actor: Actor) {
      const { shopId, email } = requireRole(actor, 'inventory:delete_all');
      const { n: deleted, version } = await withTransaction(ctx.db, async (tx) => {
        const n = await repo.deleteAll(tx, shopId);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.delete_all',
          subject: 'inventory',
          detail: JSON.stringify({ deleted: n }),
          created_at: now(),
        });
        return { n, version: await repo.bumpVersion(tx, shopId) };
      });
      await indexes.advance(shopId, version - 1, version, () => new ShopIndex([]));
      return { message: messages.inventoryServer.deletedAll(deleted) };
    },
  };
}
