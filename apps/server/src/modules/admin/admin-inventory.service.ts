import type { AuditEvent } from '@cardstock/contract';
import {
  adminLimits,
  centsToDollars,
  finishOf,
  messages,
  movedByPercent,
  languageNames,
  languageOf,
  priceCents,
  pricingRuleOf,
  qualityOf,
  wholeCents,
  type AdminInventoryItem,
  type Finish,
  type InventorySort,
} from '@cardstock/contract';
import { withTransaction, type Executor } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { StockWriter } from '../inventory/read-model.ts';
import { stockWrites } from '../inventory/stock-writes.ts';
import {
  adminInventoryRepository as repo,
  type AdminItemRow,
  type InventoryFilter,
} from './admin-inventory.repository.ts';

const finishLabel: Record<Finish, string> = { nonfoil: 'Nonfoil', foil: 'Foil', etched: 'Etched' };

/** What a customer pays for one copy of the row, in cents, by its shop's rule; null when it has no price. */
const shownCents = (row: {
  asking_price: number | null;
  market: number | null;
  quality: string;
  language: string;
  pricing: string | null;
}) =>
  priceCents({
    askingCents: row.asking_price,
    marketCents: row.market === null ? null : Number(row.market),
    quality: qualityOf(row.quality),
    language: languageOf(row.language),
    rule: pricingRuleOf(row.pricing),
  });

function toItem(row: NonNullable<AdminItemRow>): AdminInventoryItem {
  const finish = finishOf(row.finish);
  const quality = qualityOf(row.quality);
  const language = languageOf(row.language);
  return {
    id: row.id,
    card_name: row.name,
    card_artist: row.artist,
    card_setCode: row.set_code.toUpperCase(),
    card_scryfallid: row.card_id,
    inv_finish: finish,
    inv_quality: quality,
    inv_language: language,
    inv_signed: row.signed === 1,
    inv_altered: row.altered === 1,
    inv_quantity: row.quantity,
    price: centsToDollars(shownCents(row)),
    asking_price: centsToDollars(row.asking_price),
    description: [
      finishLabel[finish],
      quality,
      ...(language === 'en' ? [] : [languageNames[language]]),
      ...(row.signed === 1 ? ['Signed'] : []),
      ...(row.altered === 1 ? ['Altered'] : []),
    ].join(' · '),
    store_id: row.shop_id,
    store_name: row.store_name,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** At most this many ids in one `in (...)` list. */
const CHUNK = 500;

/**
 * Inventory across every shop (spec 001 §2.9): list, bulk ±10%, edit and
 * delete. Each change bumps its shop's inventory version in the same
 * transaction, so the shop's screens and storefront answer the new state at
 * once, and is written to that shop's audit log.
 */
export function createAdminInventoryService(ctx: AppContext, stock: StockWriter) {
  const writes = stockWrites(stock);
  const now = () => ctx.clock.now().toISOString();

  async function itemOrThrow(db: Executor, id: number) {
    const row = await repo.item(db, id);
    if (!row) throw new AppError('NOT_FOUND', messages.adminServer.itemNotFound);
    return row;
  }

  /** Records the platform staff's change of a shop's stock, now. */
  async function audit(db: Executor, actor: Actor, shopId: number, subject: string, event: AuditEvent) {
    await auditRepository.record(db, { shop_id: shopId, actor: actor.email, subject, created_at: now(), ...event });
  }

  return {
    async list(input: InventoryFilter & { sort: InventorySort; order: 'asc' | 'desc'; page: number }) {
      const size = adminLimits.inventoryPageSize;
      const { total, rows } = await repo.page(ctx.db, input, input.sort, input.order, size, (input.page - 1) * size);
      return {
        items: rows.map(toItem),
        total,
        page: input.page,
        total_pages: Math.max(1, Math.ceil(total / size)),
      };
    },

    /**
     * Sets the asking price of every selected item to its current price
     * (asking, else its shop's rule) changed by `percent`, rounded to the
     * cent. Items with no price at all are left as they are.
     */
    async bulkPrice(actor: Actor, input: InventoryFilter & { percent: number }) {
      const at = now();
      return withTransaction(ctx.db, async (tx) => {
        const rows = await repo.priced(tx, input);
        // shop → new price → ids: one update per distinct price, not per row.
        const plan = new Map<number, { name: string; byPrice: Map<number, number[]> }>();
        let skipped = 0;
        for (const row of rows) {
          const current = shownCents(row);
          if (current === null) {
            skipped++;
            continue;
          }
          const next = movedByPercent(current, input.percent);
          const shop = plan.get(row.shop_id) ?? { name: row.store_name, byPrice: new Map<number, number[]>() };
          plan.set(row.shop_id, shop);
          const ids = shop.byPrice.get(next) ?? [];
          shop.byPrice.set(next, ids);
          ids.push(row.id);
        }
        let updated = 0;
        for (const [shopId, shop] of plan) {
          let items = 0;
          for (const [cents, ids] of shop.byPrice) {
            for (let i = 0; i < ids.length; i += CHUNK)
              await writes.setAskingPrices(tx, shopId, ids.slice(i, i + CHUNK), cents, at);
            items += ids.length;
          }
          await audit(tx, actor, shopId, shop.name, {
            action: 'admin.inventory.bulk_price',
            detail: { percent: input.percent, items, filter: { q: input.q } },
          });
          updated += items;
        }
        return { message: messages.adminServer.bulkPriceChanged(updated, input.percent), updated, skipped };
      });
    },

    async edit(actor: Actor, id: number, input: { quantity?: number; asking_price?: number | null }) {
      const cents =
        input.asking_price === undefined || input.asking_price === null
          ? input.asking_price
          : wholeCents(input.asking_price);
      if (cents === null && input.asking_price !== null && input.asking_price !== undefined)
        throw new AppError('BAD_REQUEST', 'Price can have at most 2 decimals.');
      const item = await withTransaction(ctx.db, async (tx) => {
        const before = await itemOrThrow(tx, id);
        await writes.editRow(
          tx,
          before.shop_id,
          id,
          {
            ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
            ...(cents !== undefined ? { asking_price: cents } : {}),
          },
          now(),
        );
        await audit(tx, actor, before.shop_id, before.name, {
          action: 'admin.inventory.edit',
          detail: {
            id,
            from: { quantity: before.quantity, asking_price: before.asking_price },
            to: { quantity: input.quantity, asking_price: cents },
          },
        });
        return itemOrThrow(tx, id);
      });
      return { message: messages.adminServer.itemUpdated(item.name), item: toItem(item) };
    },

    async remove(actor: Actor, id: number) {
      const item = await withTransaction(ctx.db, async (tx) => {
        const before = await itemOrThrow(tx, id);
        await writes.removeRow(tx, before.shop_id, id);
        await audit(tx, actor, before.shop_id, before.name, {
          action: 'admin.inventory.delete',
          detail: {
            id,
            card_id: before.card_id,
            finish: before.finish,
            quality: before.quality,
            language: before.language,
            quantity: before.quantity,
          },
        });
        return before;
      });
      return { message: messages.adminServer.itemDeleted(item.name) };
    },
  };
}
