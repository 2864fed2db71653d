import {
  finishNames,
  finishes,
  messages,
  pricingRuleOf,
  readScanCode,
  sealedLimits,
  type CodeCandidate,
  type Finish,
  type QuickAddRequest,
  type QuickAddResponse,
  type QuickAddUndoResponse,
} from '@cardstock/contract';
import { withTransaction, type Executor, type Tx } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';
import { auditDetail as sealedAuditDetail, toSealedItem } from '../sealed/sealed.mapper.ts';
import { sealedRepository } from '../sealed/sealed.repository.ts';
import { toStaffInventoryRow } from './inventory.mapper.ts';
import { inventoryRepository } from './inventory.repository.ts';
import { quickAddRepository as repo, type CatalogPrinting } from './quick-add.repository.ts';
import { scannedStock, type ScannedStock } from './scanned-stock.ts';
import type { InventoryReadModel } from './read-model.ts';

const said = messages.inventoryServer;

/** What a code names for quick add: a row of the shop (its label), a sealed product, a printing, or a choice. */
type Named =
  ScannedStock | { kind: 'printing'; printing: CatalogPrinting } | { kind: 'choose'; printings: CatalogPrinting[] };

type RowOrPrinting = Extract<Named, { kind: 'row' | 'printing' }>;

/** One printing is that printing; several (or a near miss) are the picker's; none is nothing. */
function oneOrChoice(found: { exact: boolean; printings: CatalogPrinting[] }): Named | undefined {
  if (found.printings.length === 0) return undefined;
  if (found.exact && found.printings.length === 1) return { kind: 'printing', printing: found.printings[0]! };
  return { kind: 'choose', printings: found.printings };
}

/**
 * What `code` names in a shop: a label code is the shop's row (another shop's names nothing), a UPC/EAN one of its
 * sealed products, a Scryfall id or a set and number a printing, anything else a card's name. A set and number, or a
 * name, that is not one printing exactly is a choice, never a guess: "MH3 183" with only 183a and 183b, a name
 * printed many times, a name only begun.
 */
async function named(db: Executor, shopId: number, code: string): Promise<Named | undefined> {
  const read = readScanCode(code);
  switch (read?.kind) {
    case 'label':
    case 'gtin':
      return scannedStock(db, shopId, read);
    case 'scryfall_id': {
      const printing = await repo.printingById(db, read.scryfall_id);
      return printing && { kind: 'printing', printing };
    }
    case 'set_number':
      return oneOrChoice(await repo.printingsBySetNumber(db, read.set_code, read.collector_number));
    case undefined: {
      const name = normalizeName(code);
      return name ? oneOrChoice(await repo.printingsByName(db, name)) : undefined;
    }
  }
}

const candidateOf = (p: CatalogPrinting): CodeCandidate => ({
  scryfall_id: p.id,
  name: p.name,
  set_code: p.set_code.toUpperCase(),
  set_name: p.set_name,
  collector_number: p.collector_number,
  finishes: finishes.filter((f) => p.finishes.split(',').includes(f)),
  image: p.image_small,
});

/** "MH3 241": how a printing is told apart on the screen and in messages. */
const printingText = (p: { set_code: string; collector_number: string }) =>
  `${p.set_code.toUpperCase()} ${p.collector_number}`;

/** "nonfoil or foil": the finishes a printing comes in. */
const finishesText = (available: string[]) =>
  available.map((f) => finishNames[f as Finish]?.toLowerCase() ?? f).join(' or ');

/**
 * Quick add (issue 41): one scanned or typed code, one copy, with the screen's sticky finish, condition, language
 * and location; each addition kept so that its undo takes back exactly that copy, once. Stock is written here, in
 * the inventory module, and the read model told in the same transaction, as every other writer does.
 */
export function createQuickAddService(ctx: AppContext, reads: InventoryReadModel) {
  const now = () => ctx.clock.now().toISOString();

  /** A row as the inventory list shows it, read in the transaction that wrote it. */
  async function staffRow(db: Executor, shopId: number, rowId: number) {
    const [row] = await inventoryRepository.rowsByIds(db, shopId, [rowId]);
    const rule = pricingRuleOf(await inventoryRepository.pricingOf(db, shopId));
    return toStaffInventoryRow(row!, rule);
  }

  /**
   * One copy of a printing, or one more on the row a label names (as it is, at its place); the stock change to tell
   * the read model, last in the transaction: telling it locks the shop's version row until the commit.
   */
  async function addCopy(
    tx: Tx,
    shopId: number,
    email: string,
    what: RowOrPrinting,
    input: QuickAddRequest,
    at: string,
  ) {
    const location = what.kind === 'printing' && input.location !== undefined ? { place: input.location } : undefined;
    const copy =
      what.kind === 'row'
        ? { ...what.row, signed: what.row.signed, altered: what.row.altered }
        : {
            card_id: what.printing.id,
            finish: input.finish,
            quality: input.quality,
            language: input.language,
            signed: 0,
            altered: 0,
          };
    const row =
      what.kind === 'row'
        ? await repo.moveOneCopy(tx, shopId, what.row.id, 1, at)
        : await inventoryRepository.addCopies(
            tx,
            {
              ...copy,
              quantity: 1,
              shop_id: shopId,
              sort_name: what.printing.sort_name,
              set_code: what.printing.set_code,
            },
            at,
            undefined,
            location,
          );
    // Removed since the label was read (PostgreSQL reads committed rows).
    if (!row) throw new AppError('UNKNOWN_CODE', said.quickAddUnknown(input.code));
    await auditRepository.record(tx, {
      shop_id: shopId,
      actor: email,
      action: 'inventory.add',
      subject: copy.card_id,
      detail: {
        finish: copy.finish,
        quality: copy.quality,
        language: copy.language,
        ...(copy.signed ? { signed: true } : {}),
        ...(copy.altered ? { altered: true } : {}),
        quantity: 1,
        ...(location ? { location: location.place } : {}),
        quick: true,
      },
      created_at: at,
    });
    return { kind: 'row' as const, id: row.id, quantity: row.quantity, location };
  }

  return {
    async add(actor: Actor, input: QuickAddRequest): Promise<QuickAddResponse> {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      const what = await named(ctx.db, shopId, input.code);
      if (!what) throw new AppError('UNKNOWN_CODE', said.quickAddUnknown(input.code));
      if (what.kind === 'choose')
        throw new AppError('AMBIGUOUS_CODE', said.quickAddPick(input.code, what.printings.length), {
          candidates: what.printings.map(candidateOf),
        });
      if (what.kind === 'printing') {
        const available = what.printing.finishes.split(',').filter(Boolean);
        if (!available.includes(input.finish))
          throw new AppError(
            'BAD_REQUEST',
            said.quickAddNoFinish(
              what.printing.name,
              printingText(what.printing),
              finishNames[input.finish].toLowerCase(),
              finishesText(available),
            ),
          );
      }
      const at = now();
      return withTransaction(ctx.db, async (tx) => {
        if (what.kind === 'sealed') {
          const product = await sealedRepository.moveCopies(
            tx,
            shopId,
            what.product.id,
            1,
            sealedLimits.maxQuantity,
            at,
          );
          if (!product) throw new AppError('BAD_REQUEST', messages.sealed.tooMany(what.product.name));
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'sealed.add',
            subject: String(product.id),
            detail: { ...sealedAuditDetail(product), added: 1, quick: true },
            created_at: at,
          });
          const undo_id = await repo.record(tx, {
            shop_id: shopId,
            sealed_id: product.id,
            actor: email,
            created_at: at,
          });
          return { message: said.quickAddedSealed(product.name), sealed: toSealedItem(product), undo_id };
        }
        const change = await addCopy(tx, shopId, email, what, input, at);
        const undo_id = await repo.record(tx, {
          shop_id: shopId,
          inventory_id: change.id,
          actor: email,
          created_at: at,
        });
        const row = await staffRow(tx, shopId, change.id);
        // Last: the shop's version row stays locked only for the commit, so scanner stations do not queue on it.
        await reads.stockChanged(tx, shopId, change);
        return {
          message: said.quickAdded(row.card_name, `${row.card_setCode.toUpperCase()} ${row.card_collector_number}`),
          row,
          undo_id,
        };
      });
    },

    /** Takes back the copy an addition added: once, and only while that row (or product) still has a copy. */
    async undo(actor: Actor, input: { undo_id: number }): Promise<QuickAddUndoResponse> {
      const { shopId, email } = requireRole(actor, 'inventory:edit');
      const at = now();
      return withTransaction(ctx.db, async (tx) => {
        const marked = await repo.markUndone(tx, shopId, input.undo_id, at);
        if (!marked) throw new AppError('NOT_FOUND', said.quickAddUndoUnknown);
        if (marked === 'undone') throw new AppError('CONFLICT', said.quickAddUndoTwice);
        if (marked.sealed_id !== null) {
          const before = await sealedRepository.find(tx, shopId, marked.sealed_id);
          const after =
            before && (await sealedRepository.moveCopies(tx, shopId, before.id, -1, sealedLimits.maxQuantity, at));
          if (!before || !after) throw new AppError('CONFLICT', said.quickAddUndoGone(before?.name ?? 'The product'));
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'sealed.edit',
            subject: String(after.id),
            detail: { before: sealedAuditDetail(before), after: sealedAuditDetail(after) },
            created_at: at,
          });
          return { message: said.quickAddUndone(after.name), sealed: toSealedItem(after) };
        }
        const [before] =
          marked.inventory_id === null ? [] : await inventoryRepository.rowsByIds(tx, shopId, [marked.inventory_id]);
        const taken = before && (await repo.moveOneCopy(tx, shopId, before.id, -1, at));
        if (!before || !taken) throw new AppError('CONFLICT', said.quickAddUndoGone(before?.name ?? 'That card'));
        await auditRepository.record(tx, {
          shop_id: shopId,
          actor: email,
          action: 'inventory.quick_add_undo',
          subject: before.card_id,
          detail: {
            finish: before.finish,
            quality: before.quality,
            language: before.language,
            ...(before.signed ? { signed: true } : {}),
            ...(before.altered ? { altered: true } : {}),
            quantity: 1,
          },
          created_at: at,
        });
        const row = await staffRow(tx, shopId, taken.id);
        await reads.stockChanged(tx, shopId, { kind: 'quantities', quantities: new Map([[taken.id, taken.quantity]]) });
        return { message: said.quickAddUndone(row.card_name), row };
      });
    },
  };
}
