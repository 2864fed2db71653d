import {
  centsToDollars,
  dollarsToCents,
  finishOf,
  languageOf,
  messages,
  priceChangeLimits,
  priceCents,
  pricingRuleOf,
  qualityOf,
  repriceLimits,
  routes,
  type Finish,
  type Language,
  type Quality,
  type RepriceAction,
} from '@cardstock/contract';
import { withTransaction, type Executor } from '../../db/database.ts';
import { requirePriceChange, requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { Serialized } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { INVENTORY_PAGE_SIZE, queryOf } from './inventory-query.ts';
import { toSearchHit, toStaffInventoryRow } from './inventory.mapper.ts';
import { inventoryRepository as repo } from './inventory.repository.ts';
import type { InventoryReadModel, InventoryState } from './read-model.ts';
import { planReprice, sampleOf, type RepriceRow } from './reprice.ts';

const SEARCH_PAGE_SIZE = 100;
/** As many as the catalog's suggestions offer; clients show the first 5. */
const SUGGEST_LIMIT = 10;
/** Rows read or written per statement by a reprice: well under either engine's limit of bound values. */
const REPRICE_CHUNK = 1000;

/** A row's flags for the audit trail: only those set, so an unflagged row's entry reads as before the flags. */
const flagsOf = (input: { signed: boolean; altered: boolean }): { signed?: true; altered?: true } => ({
  ...(input.signed ? { signed: true } : {}),
  ...(input.altered ? { altered: true } : {}),
});

export function createInventoryService(ctx: AppContext, reads: InventoryReadModel) {
  const now = () => ctx.clock.now().toISOString();

  /** A staff answer from the shop's inventory as it stands, kept until it changes. */
  async function answer(shopId: number, what: string, make: (state: InventoryState) => Promise<Serialized>) {
    const state = await reads.state(shopId);
    return reads.answer(shopId, state, what, () => make(state));
  }

  return {
    async list(actor: Actor, input: { page: number; filter: string }) {
      const { shopId } = requireRole(actor, 'inventory:view');
      const query = queryOf(input.filter);
      return answer(shopId, `list|${input.page}|${input.filter}`, async (state) => {
        const { rows, total } = await reads.page(shopId, state, query, input.page, INVENTORY_PAGE_SIZE);
        const rule = pricingRuleOf(state.pricing);
        return Serialized.of(routes.inventoryList.response, {
          inventory: rows.map((r) => toStaffInventoryRow(r, rule)),
          page: input.page,
          total_pages: Math.max(1, Math.ceil(total / INVENTORY_PAGE_SIZE)),
          total,
        });
      });
    },

    async search(actor: Actor, input: { q: string; page: number }) {
      const { shopId } = requireRole(actor, 'inventory:view');
      const query = queryOf(input.q);
      return answer(shopId, `search|${input.page}|${input.q}`, async (state) => {
        const { rows, total } = await reads.page(shopId, state, query, input.page, SEARCH_PAGE_SIZE);
        const rule = pricingRuleOf(state.pricing);
        const hits = rows.map((r) => toSearchHit(r, rule));
        return Serialized.of(routes.search.response, { success: true as const, data: { hits, total } });
      });
    },

    /**
     * Names the shop has in stock that start with the typed words, for the
     * ordering screens' search box: what a search for them will find, never a
     * card the shop does not hold. Same shape as the catalog's suggestions.
     */
    async suggest(actor: Actor, input: { q: string }) {
      const { shopId } = requireRole(actor, 'inventory:view');
      const query = queryOf(input.q);
      return answer(shopId, `suggest|${input.q}`, async (state) => {
        const rows = await reads.firstOfEachName(shopId, state, query, SUGGEST_LIMIT);
        return Serialized.of(
          routes.shopSuggest.response,
          rows.map((r) => ({ name: r.name, set: r.set_code })),
        );
      });
    },

    /** Adds copies of a printing in a finish it really has; the same row grows. */
    async add(
      actor: Actor,
      input: {
        scryfall_id: string;
        quantity: number;
        foil: boolean;
        quality: Quality;
        language: Language;
        signed: boolean;
        altered: boolean;
        asking_price?: number | null;
        location?: string | null;
      },
    ) {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      const asking = input.asking_price === undefined ? undefined : { cents: dollarsToCents(input.asking_price) };
      const location = input.location === undefined ? undefined : { place: input.location };
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
        const key = {
          shop_id: shopId,
          card_id: card.id,
          finish,
          quality: input.quality,
          language: input.language,
          signed: Number(input.signed),
          altered: Number(input.altered),
        };
        if (asking) {
          const stored = await repo.askingPriceOf(tx, { ...key, shopId, cardId: card.id });
          requirePriceChange(actor, stored, asking.cents);
        }
        const row = await repo.addCopies(
          tx,
          { ...key, quantity: input.quantity, sort_name: card.sort_name, set_code: card.set_code },
          now(),
          asking,
          location,
        );
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.add',
          subject: card.id,
          detail: {
            finish,
            quality: input.quality,
            language: input.language,
            ...flagsOf(input),
            quantity: input.quantity,
            ...(asking ? { asking_price: asking.cents } : {}),
            ...(location ? { location: location.place } : {}),
          },
          created_at: now(),
        });
        // The index holds asking prices too: a price given with the copies has it read again.
        await reads.stockChanged(
          tx,
          shopId,
          asking ? { kind: 'prices' } : { kind: 'row', id: row.id, quantity: row.quantity, location },
        );
      });
      return { message: messages.inventoryServer.added(input.quantity, card.name) };
    },

    /**
     * Sets the quantity of one row (0 keeps the row, out of stock) and, when given, its asking price in dollars
     * (null: back to the pricing rule); without `asking_price` the price stays as it is.
     */
    async edit(
      actor: Actor,
      input: {
        scryfall_id: string;
        finish: Finish;
        quality: Quality;
        language: Language;
        signed: boolean;
        altered: boolean;
        quantity: number;
        asking_price?: number | null;
        location?: string | null;
      },
    ) {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      const location = input.location === undefined ? {} : { location: input.location };
      let asking: { asking_price?: number | null } =
        input.asking_price === undefined ? {} : { asking_price: dollarsToCents(input.asking_price) };
      await withTransaction(ctx.db, async (tx) => {
        const key = {
          shopId,
          cardId: input.scryfall_id,
          finish: input.finish,
          quality: input.quality,
          language: input.language,
          signed: Number(input.signed),
          altered: Number(input.altered),
        };
        if (asking.asking_price !== undefined) {
          const stored = await repo.askingPriceOf(tx, key);
          if (stored === undefined) throw new AppError('NOT_FOUND', messages.inventoryServer.notInInventory);
          requirePriceChange(actor, stored, asking.asking_price);
          // The price sent back unchanged is no change: it is neither written nor logged.
          if (stored === asking.asking_price) asking = {};
        }
        const id = await repo.editRow(tx, key, { quantity: input.quantity, ...asking, ...location }, now());
        if (id === undefined) throw new AppError('NOT_FOUND', messages.inventoryServer.notInInventory);
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.edit',
          subject: input.scryfall_id,
          detail: {
            finish: input.finish,
            quality: input.quality,
            language: input.language,
            ...flagsOf(input),
            quantity: input.quantity,
            ...asking,
            ...location,
          },
          created_at: now(),
        });
        // Quantities, asking prices and locations are in the index: it takes them in place.
        await reads.stockChanged(tx, shopId, {
          kind: 'quantities',
          quantities: new Map([[id, input.quantity]]),
          ...(asking.asking_price === undefined ? {} : { asking: new Map([[id, asking.asking_price]]) }),
          ...(location.location === undefined ? {} : { locations: new Map([[id, location.location]]) }),
        });
      });
      return { message: messages.inventoryServer.updated };
    },

    /**
     * Reprices the rows a live search finds (`filter`, as the inventory list reads it; empty: every row), in one
     * transaction: see `planReprice`. A dry run writes nothing and answers what would change, with a sample.
     */
    async reprice(actor: Actor, input: { filter: string; action: RepriceAction; value?: number; dry_run: boolean }) {
      const { shopId, email } = requireRole(actor, 'inventory:reprice');
      const query = queryOf(input.filter);
      const state = await reads.state(shopId);
      // The whole inventory is read in one pass, without the index; a search goes through the index's ids.
      const everything = ['', '*'].includes(input.filter.trim());
      const ids = everything ? undefined : await reads.matches(shopId, state, query);
      const rule = pricingRuleOf(state.pricing);
      const at = now();
      /** The plan over the rows as `db` sees them, in name order (the sample is what the list shows first). */
      const plan = async (db: Executor) => {
        const rows: RepriceRow[] = ids ? [] : await repo.repriceRowsOfShop(db, shopId);
        for (let i = 0; ids && i < ids.length; i += REPRICE_CHUNK) {
          const chunk = Array.from(ids.subarray(i, i + REPRICE_CHUNK));
          const byId = new Map((await repo.repriceRows(db, shopId, chunk)).map((r) => [r.id, r]));
          for (const id of chunk) {
            const row = byId.get(id);
            if (row) rows.push(row);
          }
        }
        const { changes, unpriced, underCent } = planReprice(rows, input.action, input.value, rule);
        if (underCent > 0) throw new AppError('BAD_REQUEST', messages.inventoryServer.repriceUnderCent(underCent));
        const answer = {
          changed: changes.length,
          matched: rows.length,
          unpriced,
          sample: changes.slice(0, repriceLimits.sample).map(sampleOf),
        };
        return { changes, answer };
      };
      if (input.dry_run) {
        const { answer } = await plan(ctx.db);
        return { message: messages.inventoryServer.repricePreview(answer.changed, answer.matched), ...answer };
      }
      return withTransaction(ctx.db, async (tx) => {
        // Every acknowledged reprice and edit applies in some order: the rows are locked before they are read.
        await repo.lockForReprice(tx, ctx.engine, shopId, ids ? Array.from(ids) : undefined);
        const { changes, answer } = await plan(tx);
        if (changes.length) {
          for (let i = 0; i < changes.length; i += REPRICE_CHUNK)
            await repo.setAskingPrices(
              tx,
              shopId,
              changes.slice(i, i + REPRICE_CHUNK).map(({ row, asking }) => [row.id, asking] as const),
              at,
            );
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'inventory.reprice',
            subject: input.filter || '*',
            detail: { action: input.action, value: input.value ?? null, changed: changes.length },
            created_at: at,
          });
          await reads.stockChanged(tx, shopId, { kind: 'prices' });
        }
        return { message: messages.inventoryServer.repriced(changes.length), ...answer };
      });
    },

    /**
     * The rows whose market price the newest price refresh moved at least `min_percent`, to review: what
     * customers paid before and pay now (rows with their own asking price keep it, whatever the market does).
     */
    async priceChanges(actor: Actor, input: { min_percent: number }) {
      const { shopId } = requireRole(actor, 'inventory:reprice');
      const last = await catalogRepository.lastRefresh(ctx.db);
      if (!last) return { refreshed_at: null, since: null, total: 0, items: [] };
      const rule = pricingRuleOf((await reads.state(shopId)).pricing);
      const [since, rows] = await Promise.all([
        catalogRepository.dayBefore(ctx.db, last.day),
        repo.priceChanges(ctx.db, shopId, last.day, input.min_percent, priceChangeLimits.maxRows),
      ]);
      const items = rows.map((row) => {
        const quality = qualityOf(row.quality);
        const language = languageOf(row.language);
        const price = (marketCents: number | null) =>
          centsToDollars(priceCents({ askingCents: row.asking_price, marketCents, quality, language, rule }));
        return {
          scryfall_id: row.card_id,
          card_name: row.name,
          set_code: row.set_code,
          collector_number: row.collector_number,
          finish: finishOf(row.finish),
          quality,
          language,
          signed: row.signed === 1,
          altered: row.altered === 1,
          quantity: row.quantity,
          market_before: centsToDollars(row.before),
          market_after: centsToDollars(row.after),
          asking_price: centsToDollars(row.asking_price),
          price_before: price(row.before),
          price_after: price(row.after),
        };
      });
      return { refreshed_at: last.at, since, total: Number(rows[0]?.total ?? 0), items };
    },

    /**
     * Keep all (issue 38): the rows Price changes lists for `min_percent` (the same query and cap, read again inside
     * the transaction, so only rows the list shows are touched) that follow the pricing rule and whose price moved
     * get the price customers paid before as their own asking price. Rows with their own price keep it anyway; a
     * row whose earlier price was under a cent (no price) is left alone.
     */
    async keepPriceChanges(actor: Actor, input: { min_percent: number }) {
      const { shopId, email } = requireRole(actor, 'inventory:reprice');
      const last = await catalogRepository.lastRefresh(ctx.db);
      if (!last) return { message: messages.inventoryServer.keptAll(0), kept: 0 };
      const rule = pricingRuleOf((await reads.state(shopId)).pricing);
      const at = now();
      return withTransaction(ctx.db, async (tx) => {
        const rows = await repo.priceChanges(tx, shopId, last.day, input.min_percent, priceChangeLimits.maxRows);
        const keeps: (readonly [number, number])[] = [];
        for (const row of rows) {
          if (row.asking_price !== null) continue;
          const quality = qualityOf(row.quality);
          const language = languageOf(row.language);
          const before = priceCents({ askingCents: null, marketCents: row.before, quality, language, rule });
          const after = priceCents({ askingCents: null, marketCents: row.after, quality, language, rule });
          if (before !== null && before >= 1 && before !== after) keeps.push([row.id, before] as const);
        }
        if (keeps.length) {
          await repo.setAskingPrices(tx, shopId, keeps, at);
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'inventory.keep_prices',
            subject: String(input.min_percent),
            detail: { min_percent: input.min_percent, kept: keeps.length },
            created_at: at,
          });
          await reads.stockChanged(tx, shopId, { kind: 'prices' });
        }
        return { message: messages.inventoryServer.keptAll(keeps.length), kept: keeps.length };
      });
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
          detail: { deleted: n },
          created_at: now(),
        });
        await reads.stockChanged(tx, shopId, { kind: 'emptied' });
        return n;
      });
      return { message: messages.inventoryServer.deletedAll(deleted) };
    },
  };
}
