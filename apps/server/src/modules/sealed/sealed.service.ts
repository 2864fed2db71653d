import { gtinForms, messages, sealedLimits, type SealedCategory } from '@cardstock/contract';
import { isUniqueViolation, withTransaction, type Executor } from '../../db/database.ts';
import { requirePriceChange, requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { auditDetail, toSealedItem, toSealedValues } from './sealed.mapper.ts';
import { sealedRepository as repo } from './sealed.repository.ts';

const m = messages.sealed;

/** A product's fields as the add and edit schemas hand them over (price in dollars). */
export interface SealedInput {
  name: string;
  category: SealedCategory;
  set_code: string | null;
  price: number;
  quantity: number;
  /** Digits; null clears it; undefined leaves it. */
  upc?: string | null;
  /** Where its boxes are kept; null clears it; undefined leaves it. */
  location?: string | null;
}

/**
 * Refuses a UPC/EAN another of the shop's products has (in any of its forms: a UPC-A is its EAN-13 with a 0), naming
 * that product; `own` is the product being written, which may keep its own.
 */
export async function requireUpcFree(
  db: Executor,
  shopId: number,
  upc: string | null | undefined,
  own: { id?: number; name: string; category: string; set_code: string },
) {
  if (!upc) return;
  const holder = await repo.findByUpc(db, shopId, gtinForms(upc));
  const isOwn =
    holder &&
    (own.id !== undefined
      ? holder.id === own.id
      : holder.name === own.name && holder.category === own.category && holder.set_code === own.set_code);
  if (holder && !isOwn) throw new AppError('CONFLICT', m.upcDuplicate(holder.name));
}

/** Two writers gave one code to two products at once: the index refused the second, told as the check would. */
async function upcRace<T>(shopId: number, upc: string | null | undefined, db: Executor, write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    if (upc && isUniqueViolation(err)) {
      const holder = await repo.findByUpc(db, shopId, gtinForms(upc));
      throw new AppError('CONFLICT', m.upcDuplicate(holder?.name ?? 'Another sealed product'));
    }
    throw err;
  }
}

/** Sealed stock: shop-made products (name, category, set, price, quantity), every change audited. */
export function createSealedService(ctx: AppContext) {
  const now = () => ctx.clock.now().toISOString();
  const size = sealedLimits.pageSize;

  return {
    async list(actor: Actor, input: { page: number; filter: string }) {
      const { shopId } = requireRole(actor, 'inventory:view');
      const [rows, total] = await Promise.all([
        repo.page(ctx.db, shopId, input.filter, input.page, size),
        repo.count(ctx.db, shopId, input.filter),
      ]);
      return {
        sealed: rows.map(toSealedItem),
        page: input.page,
        total_pages: Math.max(1, Math.ceil(total / size)),
        total,
      };
    },

    /** Adds a product; the same name, category and set grows the existing one and takes the new price. */
    async add(actor: Actor, input: SealedInput) {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      const values = toSealedValues(input);
      const row = await upcRace(shopId, values.upc, ctx.db, () =>
        withTransaction(ctx.db, async (tx) => {
          // Adding takes the new price: a new product, or another price, is a price change (DESIGN §5).
          requirePriceChange(actor, (await repo.findByKey(tx, shopId, values))?.price, values.price);
          await requireUpcFree(tx, shopId, values.upc, values);
          const at = now();
          const saved = await repo.add(tx, shopId, values, at);
          // Throwing here rolls the merge back: the sum is only known once the row is written.
          if (saved.quantity > sealedLimits.maxQuantity) throw new AppError('BAD_REQUEST', m.tooMany(saved.name));
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'sealed.add',
            subject: String(saved.id),
            detail: { ...auditDetail(saved), added: values.quantity },
            created_at: at,
          });
          return saved;
        }),
      );
      return { message: m.added(values.quantity, row.name), item: toSealedItem(row) };
    },

    /** Replaces every field of one of the shop's products. */
    async edit(actor: Actor, input: SealedInput & { id: number }) {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      const values = toSealedValues(input);
      const row = await upcRace(shopId, values.upc, ctx.db, () =>
        withTransaction(ctx.db, async (tx) => {
          const before = await repo.find(tx, shopId, input.id);
          if (!before) throw new AppError('NOT_FOUND', m.notFound);
          requirePriceChange(actor, before.price, values.price);
          // Two products cannot share a name, category and set (the unique key would refuse it with a 500).
          const twin = await repo.findByKey(tx, shopId, values);
          if (twin && twin.id !== input.id) throw new AppError('CONFLICT', m.duplicate);
          await requireUpcFree(tx, shopId, values.upc, { ...values, id: input.id });
          const at = now();
          const after = await repo.update(tx, shopId, input.id, values, at);
          // Removed by someone else between the two statements (PostgreSQL reads committed rows).
          if (!after) throw new AppError('NOT_FOUND', m.notFound);
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'sealed.edit',
            subject: String(input.id),
            detail: { before: auditDetail(before), after: auditDetail(after) },
            created_at: at,
          });
          return after;
        }),
      );
      return { message: m.updated, item: toSealedItem(row) };
    },

    async remove(actor: Actor, input: { id: number }) {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      const removed = await withTransaction(ctx.db, async (tx) => {
        const row = await repo.remove(tx, shopId, input.id);
        if (!row) throw new AppError('NOT_FOUND', m.notFound);
        const at = now();
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'sealed.delete',
          subject: String(input.id),
          detail: auditDetail(row),
          created_at: at,
        });
        return row;
      });
      return { message: m.deleted(removed.name) };
    },
  };
}
