import { gtinForms, messages, sealedLimits, type ImportMode, type ImportReport } from '@cardstock/contract';
import { isUniqueViolation, type Executor } from '../../db/database.ts';
import { requirePriceChange } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import type { SealedLine } from '../inventory/csv-sealed.ts';
import { sealedRepository as repo, type SealedRow, type SealedValues } from './sealed.repository.ts';
import { auditDetail } from './sealed.mapper.ts';
import { requireUpcFree } from './sealed.service.ts';

/** One product an import writes: the row it changes (none: a new product) and its fields after. */
interface SealedWrite {
  before?: SealedRow;
  values: SealedValues;
}

/** What a Cardstock file's sealed rows change in a shop's sealed stock, and the writes that do it. */
export interface SealedImportPlan {
  report: NonNullable<ImportReport['sealed']>;
  writes: SealedWrite[];
}

const keyOf = (l: Pick<SealedLine, 'name' | 'category' | 'setCode'>) =>
  `${l.category}\u0000${l.setCode}\u0000${l.name}`;

/**
 * What writing the file's sealed lines in `mode` changes, as the shop's sealed stock is now. A product is the
 * shop's of the same name, category and set (the sealed table's own key); lines of one product add up, the last
 * price given wins. `add` adds the quantity (as Add Sealed Product does); `set` and `sync` set it, 0 included. An
 * empty price keeps the product's (a new one: 0, not for sale until priced). Products the file does not name are
 * left as they are in every mode (docs/decisions/033-sealed-in-csv.md). A quantity over the bound refuses the whole
 * import.
 */
export async function planSealedImport(
  db: Executor,
  shopId: number,
  lines: readonly SealedLine[],
  mode: ImportMode,
): Promise<SealedImportPlan> {
  const merged = new Map<string, SealedLine>();
  for (const line of lines) {
    const was = merged.get(keyOf(line));
    merged.set(
      keyOf(line),
      was
        ? {
            ...was,
            quantity: was.quantity + line.quantity,
            price: line.price ?? was.price,
            upc: line.upc ?? was.upc,
            location: line.location ?? was.location,
          }
        : line,
    );
  }
  // One barcode, one product: two of the file's products with one UPC/EAN (in any of its forms) refuse the import.
  const upcOwners = new Map<string, SealedLine>();
  for (const line of merged.values())
    for (const form of line.upc ? gtinForms(line.upc) : []) {
      const owner = upcOwners.get(form);
      if (owner && keyOf(owner) !== keyOf(line))
        throw new AppError('CONFLICT', `${messages.sealed.upcDuplicate(owner.name)} (line ${line.line}: ${line.name})`);
      upcOwners.set(form, line);
    }
  const report = { rows: lines.length, added: 0, changed: 0, unchanged: 0 };
  const writes: SealedWrite[] = [];
  for (const line of merged.values()) {
    const before = await repo.findByKey(db, shopId, {
      name: line.name,
      category: line.category,
      set_code: line.setCode,
    });
    if (!before && line.quantity === 0) continue;
    const quantity = mode === 'add' ? (before?.quantity ?? 0) + line.quantity : line.quantity;
    if (quantity > sealedLimits.maxQuantity) throw new AppError('BAD_REQUEST', messages.sealed.tooMany(line.name));
    const price = line.price ?? before?.price ?? 0;
    const key = { name: line.name, category: line.category, set_code: line.setCode };
    await requireUpcFree(db, shopId, line.upc, before ? { ...key, id: before.id } : key);
    const upc = line.upc ?? before?.upc ?? null;
    const location = line.location ?? before?.location ?? null;
    if (
      before &&
      before.quantity === quantity &&
      before.price === price &&
      before.upc === upc &&
      before.location === location
    ) {
      report.unchanged++;
      continue;
    }
    if (before) report.changed++;
    else report.added++;
    writes.push({
      ...(before ? { before } : {}),
      values: {
        ...key,
        price,
        quantity,
        ...(line.upc ? { upc: line.upc } : {}),
        ...(line.location ? { location: line.location } : {}),
      },
    });
  }
  return { report, writes };
}

/**
 * Writes a plan made in `tx` (the import's transaction: a refusal here rolls the whole import back), as Add and
 * Edit Sealed Product do: the price needs the right to set prices when it changes, and each product's change is
 * audited as theirs is.
 */
export async function writeSealedImport(
  tx: Executor,
  actor: Actor,
  shop: { shopId: number; email: string },
  plan: SealedImportPlan,
  at: string,
): Promise<void> {
  for (const { before, values } of plan.writes)
    try {
      await writeOne(before, values);
    } catch (err) {
      // Another writer gave the code to another product since the plan: the index refused this one, and the import's
      // transaction can read nothing more, so the product is not named.
      if (values.upc && isUniqueViolation(err))
        throw new AppError('CONFLICT', messages.sealed.upcDuplicate('Another sealed product'));
      throw err;
    }

  async function writeOne(before: SealedWrite['before'], values: SealedWrite['values']) {
    requirePriceChange(actor, before?.price, values.price);
    if (before) {
      const after = await repo.update(tx, shop.shopId, before.id, values, at);
      if (!after) throw new AppError('CONFLICT', messages.sealed.notFound);
      await auditRepository.record(tx, {
        shop_id: shop.shopId,
        actor: shop.email,
        action: 'sealed.edit',
        subject: String(before.id),
        detail: { before: auditDetail(before), after: auditDetail(after), import: true },
        created_at: at,
      });
    } else {
      const saved = await repo.add(tx, shop.shopId, values, at);
      // Added by someone else since the plan (PostgreSQL reads committed rows): the merge may pass the bound.
      if (saved.quantity > sealedLimits.maxQuantity)
        throw new AppError('BAD_REQUEST', messages.sealed.tooMany(saved.name));
      await auditRepository.record(tx, {
        shop_id: shop.shopId,
        actor: shop.email,
        action: 'sealed.add',
        subject: String(saved.id),
        detail: { ...auditDetail(saved), added: values.quantity, import: true },
        created_at: at,
      });
    }
  }
}
